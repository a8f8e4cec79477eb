import { describe, expect, it } from 'vitest';
import {
  companySizes,
  contactCompanySizes,
  contactTimelines,
  hiringTimelines,
  valuesOf,
} from '../enums';
import {
  companyEmailLeadRequest,
  companyEmailLeadSchema,
  companyRequestRequest,
  contactEmployerSchema,
  hiringRequestSchema,
} from './company';
import { messagesOf, parsed } from '../../../tests/support/schema-messages';

const hiring = {
  email: 'hr@acme.example',
  name: 'Grace Hopper',
  title: 'Head of Operations',
  company: 'Acme Data',
  companySize: 'midsize',
  talentNeeds: 'Ten technicians.',
  timeline: 'soon',
  comments: 'Night shifts.',
};
const contact = { ...hiring, companySize: 'enterprise', timeline: '1-3months' };

describe('companyEmailLeadSchema (/companies)', () => {
  it('accepts a work e-mail and a company name of at least 2 characters', () => {
    expect(parsed(companyEmailLeadSchema, { email: 'hr@acme.example', company: 'AB' })).toEqual({
      email: 'hr@acme.example',
      company: 'AB',
    });
  });

  it('reports both rules with the spec messages', () => {
    expect(messagesOf(companyEmailLeadSchema, { email: 'hr', company: 'A' })).toEqual({
      email: 'Please enter a valid work email address',
      company: 'Company name is required',
    });
    expect(messagesOf(companyEmailLeadSchema, {})).toEqual({
      email: 'Please enter a valid work email address',
      company: 'Company name is required',
    });
  });
});

describe('hiringRequestSchema (/hiring)', () => {
  it("accepts the company page's request; comments and phone optional", () => {
    expect(parsed(hiringRequestSchema, hiring)).toEqual({ ...hiring, phone: '' });
    expect(parsed(hiringRequestSchema, { ...hiring, phone: '+1 555 0142' }).phone).toBe(
      '+1 555 0142',
    );
    expect(parsed(hiringRequestSchema, { ...hiring, comments: undefined }).comments).toBe('');
  });

  it('needs every field (minimum 1) with the company-page messages', () => {
    expect(messagesOf(hiringRequestSchema, { comments: 5 })).toEqual({
      email: 'Please enter a valid work email address',
      name: 'Your name is required',
      title: 'Your title is required',
      company: 'Company name is required',
      companySize: 'Please select a company size',
      talentNeeds: 'Please tell us about your hiring needs',
      timeline: 'Please select a hiring timeline',
      comments: expect.any(String),
    });
    expect(
      messagesOf(hiringRequestSchema, { ...hiring, name: 'G', title: 'T', company: 'A' }),
    ).toEqual({});
  });

  it.each(valuesOf(companySizes))('accepts company size %s', (companySize) => {
    expect(messagesOf(hiringRequestSchema, { ...hiring, companySize })).toEqual({});
  });

  it.each(valuesOf(hiringTimelines))('accepts timeline %s', (timeline) => {
    expect(messagesOf(hiringRequestSchema, { ...hiring, timeline })).toEqual({});
  });

  it("rejects the contact page's extra size and timelines", () => {
    expect(messagesOf(hiringRequestSchema, { ...hiring, companySize: 'enterprise' })).toEqual({
      companySize: 'Please select a company size',
    });
    expect(messagesOf(hiringRequestSchema, { ...hiring, timeline: 'exploring' })).toEqual({
      timeline: 'Please select a hiring timeline',
    });
  });
});

describe('contactEmployerSchema (/contact)', () => {
  it('accepts the contact-page request', () => {
    expect(parsed(contactEmployerSchema, contact)).toEqual({ ...contact, phone: '' });
  });

  it('needs 2-character texts with the contact-page messages', () => {
    expect(
      messagesOf(contactEmployerSchema, {
        ...contact,
        email: 'x',
        name: 'G',
        title: 'T',
        company: 'A',
        talentNeeds: 'a',
        companySize: 'huge',
        timeline: 'soon',
      }),
    ).toEqual({
      email: 'Please enter a valid email address',
      name: 'Name is required',
      title: 'Title is required',
      company: 'Company name is required',
      talentNeeds: 'Please describe your talent needs',
      companySize: 'Please select a company size',
      timeline: 'Please select a timeline',
    });
  });

  it.each(valuesOf(contactCompanySizes))('accepts company size %s', (companySize) => {
    expect(messagesOf(contactEmployerSchema, { ...contact, companySize })).toEqual({});
  });

  it.each(valuesOf(contactTimelines))('accepts timeline %s', (timeline) => {
    expect(messagesOf(contactEmployerSchema, { ...contact, timeline })).toEqual({});
  });
});

describe('option lists match the spec', () => {
  // Sizes: four on /hiring, enterprise added on /contact; each page has its own timelines.
  it.each([
    ['companySizes', companySizes, ['startup', 'small', 'midsize', 'large']],
    [
      'contactCompanySizes',
      contactCompanySizes,
      ['startup', 'small', 'midsize', 'large', 'enterprise'],
    ],
    ['hiringTimelines', hiringTimelines, ['immediate', 'soon', 'planning', 'ongoing']],
    [
      'contactTimelines',
      contactTimelines,
      ['immediate', '1-3months', '3-6months', '6-12months', 'exploring'],
    ],
  ] as const)('%s', (_name, options, values) => {
    expect(valuesOf(options)).toEqual(values);
  });
});

describe('request schemas (what the API accepts)', () => {
  it('companyRequestRequest takes either form: every size and every timeline', () => {
    for (const companySize of valuesOf(contactCompanySizes)) {
      expect(messagesOf(companyRequestRequest, { ...hiring, companySize })).toEqual({});
    }
    for (const timeline of [...valuesOf(hiringTimelines), ...valuesOf(contactTimelines)]) {
      expect(messagesOf(companyRequestRequest, { ...hiring, timeline })).toEqual({});
    }
    expect(messagesOf(companyRequestRequest, { ...hiring, timeline: 'never' })).toEqual({
      timeline: 'Please select a timeline',
    });
  });

  it.each([
    ['companyEmailLeadRequest', companyEmailLeadRequest, { email: 'a@b.co', company: 'Acme' }],
    ['companyRequestRequest', companyRequestRequest, hiring],
  ])('%s keeps attribution and drops unknown keys', (_name, schema, body) => {
    const result = parsed(schema, {
      ...body,
      attribution: { page: '/hiring' },
      role: 'admin',
    }) as Record<string, unknown>;
    expect(result.attribution).toEqual({ page: '/hiring' });
    expect(result).not.toHaveProperty('role');
  });
});
