import { describe, expect, it } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import { valuesOf } from './enums';
import { entriesOf, postedBy, type LeadField } from './lead-field';
import { attributionFields, candidateFields, companyFields } from './lead-fields';
import type { LeadForm } from './lead-vocabulary';
import { attributionSchema } from './schemas/attribution';
import { candidateApplicationRequest, candidateBasicInfoRequest } from './schemas/candidate';
import { companyEmailLeadRequest, companyRequestRequest } from './schemas/company';
import { questionnaireRequest } from './schemas/questionnaire';
import { parsed } from '../../tests/support/schema-messages';

/** Each form's request schema, and a body it accepts. */
const forms: [LeadForm, $ZodType, Record<string, string>][] = [
  [
    'candidate-basic-info',
    candidateBasicInfoRequest,
    { email: 'a@b.co', firstName: 'A', lastName: 'L' },
  ],
  [
    'candidate-application',
    candidateApplicationRequest,
    {
      email: 'a@b.co',
      firstName: 'A',
      lastName: 'L',
      location: 'Austin',
      educationLevel: 'bachelor',
      techExperience: 'basic',
    },
  ],
  [
    'questionnaire',
    questionnaireRequest,
    {
      email: 'a@b.co',
      availability: 'later',
      fullTime: 'yes',
      relocation: 'no',
      location: 'Austin',
      motivation: 'I like to build things.',
    },
  ],
  ['company-email', companyEmailLeadRequest, { email: 'a@b.co', company: 'Acme' }],
  [
    'company-request',
    companyRequestRequest,
    {
      email: 'a@b.co',
      name: 'N',
      title: 'T',
      company: 'Acme',
      companySize: 'small',
      talentNeeds: 'Technicians',
      timeline: 'soon',
    },
  ],
];

const leads: [string, Record<string, LeadField>][] = [
  ['candidate', { ...candidateFields, ...attributionFields }],
  ['company', { ...companyFields, ...attributionFields }],
];

describe('the lead-field contract', () => {
  it.each(leads)('gives each %s field its own column and CSV header', (_lead, fields) => {
    const all = Object.values(fields);
    const unique = (values: unknown[]) => new Set(values).size === values.length;
    expect(unique(all.map((field) => field.column))).toBe(true);
    expect(unique(all.flatMap((field) => field.export?.header ?? []))).toBe(true);
  });

  it.each(forms)('agrees with what the %s form validates', (form, schema, body) => {
    const table = form.startsWith('company') ? companyFields : candidateFields;
    for (const field of postedBy(table, form)) {
      const values = field.options
        ? valuesOf(field.options)
        : ['Some text, long enough for any rule'];
      for (const value of values) {
        // The form's schema keeps the field under the name the contract says it posts it.
        const kept = parsed(schema, { ...body, [field.name]: value }) as Record<string, unknown>;
        expect(kept[field.name]).toBe(value);
      }
    }
  });

  it('names the attribution as the forms send it', () => {
    const sent = Object.fromEntries(
      entriesOf(attributionFields).map(([name, field]) => [field.posted ?? name, 'x']),
    );
    expect(parsed(attributionSchema, { ...sent, variant: 'high_salary' })).toEqual({
      ...sent,
      variant: 'high_salary',
    });
  });

  it('declares a rule for every optional field a form posts', () => {
    for (const [form, schema, body] of forms) {
      const table = form.startsWith('company') ? companyFields : candidateFields;
      for (const field of postedBy(table, form).filter((each) => 'optional' in each)) {
        expect(() => parsed(schema, { ...body, [field.name]: undefined })).not.toThrow();
      }
    }
  });
});
