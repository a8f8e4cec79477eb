import { describe, expect, it } from 'vitest';
import { educationLevels, techExperienceLevels, valuesOf } from '../enums';
import {
  candidateApplicationRequest,
  candidateApplicationSchema,
  candidateBasicInfoRequest,
  candidateBasicInfoSchema,
  candidateEmailLeadRequest,
  candidateEmailLeadSchema,
  contactCandidateSchema,
  EMAIL_MESSAGE,
  questionnaireCompletedRequest,
  questionnaireCompletedSchema,
} from './candidate';
import { messagesOf, parsed } from '../../../tests/support/schema-messages';

const application = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '555-0100',
  location: 'Austin, TX',
  educationLevel: 'bachelor',
  techExperience: 'basic',
  reason: 'Curious about hardware.',
};

describe('e-mail only forms (/career, /training) and typeform-completed', () => {
  it.each([
    ['candidateEmailLeadSchema', candidateEmailLeadSchema],
    ['questionnaireCompletedSchema', questionnaireCompletedSchema],
  ])('%s needs a valid e-mail', (_name, schema) => {
    expect(parsed(schema, { email: ' ada@example.com ' })).toEqual({ email: 'ada@example.com' });
    expect(messagesOf(schema, {})).toEqual({ email: EMAIL_MESSAGE });
    expect(messagesOf(schema, { email: 'ada' })).toEqual({ email: EMAIL_MESSAGE });
  });

  it('uses the spec message', () => {
    expect(EMAIL_MESSAGE).toBe('Please enter a valid email address');
  });
});

describe('candidateBasicInfoSchema (/candidates)', () => {
  it("accepts names and e-mail, phone optional (sent as '')", () => {
    expect(
      parsed(candidateBasicInfoSchema, { firstName: 'A', lastName: 'L', email: 'a@b.co' }),
    ).toEqual({ firstName: 'A', lastName: 'L', email: 'a@b.co', phone: '' });
  });

  it('reports every rule with the spec message', () => {
    expect(messagesOf(candidateBasicInfoSchema, { firstName: ' ', phone: 5 })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
      phone: expect.any(String),
    });
  });

  it('has no format rule for the phone, only a length cap', () => {
    const base = { firstName: 'A', lastName: 'L', email: 'a@b.co' };
    expect(parsed(candidateBasicInfoSchema, { ...base, phone: 'call me maybe' }).phone).toBe(
      'call me maybe',
    );
    expect(messagesOf(candidateBasicInfoSchema, { ...base, phone: '1'.repeat(41) })).toEqual({
      phone: 'Please keep this under 40 characters',
    });
  });
});

describe.each([
  ['candidateApplicationSchema (/apply)', candidateApplicationSchema, 1],
  ['contactCandidateSchema (/contact)', contactCandidateSchema, 2],
])('%s', (_name, schema, min) => {
  it('accepts a full application; phone and reason are optional', () => {
    expect(parsed(schema, application)).toEqual(application);
    expect(parsed(schema, { ...application, phone: undefined, reason: undefined })).toEqual({
      ...application,
      phone: '',
      reason: '',
    });
  });

  it(`needs names and location of at least ${min} character(s)`, () => {
    const short = 'x'.repeat(min - 1);
    const atMin = 'x'.repeat(min);
    expect(
      messagesOf(schema, { ...application, firstName: short, lastName: short, location: short }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      location: 'Location is required',
    });
    expect(
      messagesOf(schema, { ...application, firstName: atMin, lastName: atMin, location: atMin }),
    ).toEqual({});
  });

  it('reports the e-mail and both selects with the spec messages', () => {
    expect(
      messagesOf(schema, {
        ...application,
        email: 'nope',
        educationLevel: '',
        techExperience: 'expert',
      }),
    ).toEqual({
      email: 'Please enter a valid email address',
      educationLevel: 'Please select an education level',
      techExperience: 'Please select your experience level',
    });
  });

  it.each(valuesOf(educationLevels))('accepts education level %s', (educationLevel) => {
    expect(messagesOf(schema, { ...application, educationLevel })).toEqual({});
  });

  it.each(valuesOf(techExperienceLevels))('accepts experience level %s', (techExperience) => {
    expect(messagesOf(schema, { ...application, techExperience })).toEqual({});
  });
});

describe('option lists match the spec', () => {
  it('education levels', () => {
    expect(valuesOf(educationLevels)).toEqual([
      'high-school',
      'some-college',
      'associate',
      'bachelor',
      'military',
      'other',
    ]);
  });

  it('experience levels', () => {
    expect(valuesOf(techExperienceLevels)).toEqual([
      'none',
      'basic',
      'some-hardware',
      'related',
      'professional',
    ]);
  });
});

describe('request schemas (what the API accepts)', () => {
  const attribution = { page: '/apply', variant: 'high_salary' };

  it.each([
    ['candidateEmailLeadRequest', candidateEmailLeadRequest, { email: 'a@b.co' }],
    [
      'candidateBasicInfoRequest',
      candidateBasicInfoRequest,
      { email: 'a@b.co', firstName: 'A', lastName: 'L' },
    ],
    ['candidateApplicationRequest', candidateApplicationRequest, application],
  ])('%s takes the form plus attribution and drops unknown keys', (_name, schema, body) => {
    const result = parsed(schema, { ...body, attribution, admin: true }) as Record<string, unknown>;
    expect(result.attribution).toEqual(attribution);
    expect(result).not.toHaveProperty('admin');
  });

  it('candidateApplicationRequest keeps the /apply minimum of 1', () => {
    expect(messagesOf(candidateApplicationRequest, { ...application, firstName: 'A' })).toEqual({});
  });

  it('questionnaireCompletedRequest is the e-mail only', () => {
    expect(parsed(questionnaireCompletedRequest, { email: 'a@b.co', extra: 1 })).toEqual({
      email: 'a@b.co',
    });
  });
});
