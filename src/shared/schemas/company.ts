import * as z from 'zod/mini';
import { allTimelines, companyRequestLists, valuesOf } from '../enums';
import { attributionSchema, withAttribution } from './attribution';
import { companyFields } from '../lead-fields';
import {
  emailField,
  MAX_LONG_TEXT,
  optionalFields,
  requiredLine,
  requiredText,
  choice,
} from './fields';

const SIZE_MESSAGE = 'Please select a company size';

/** /companies 'Request Talent Info' (POST /api/companies/email). */
export const companyEmailLeadSchema = z.object({
  email: emailField('Please enter a valid work email address'),
  company: requiredLine(2, 'Company name is required'),
});

type RequestMessages = Record<'email' | 'name' | 'title' | 'talentNeeds' | 'timeline', string>;

/** A company request form: its minimum text length, its page's lists and its messages. */
function companyRequest(
  min: 1 | 2,
  { sizes, timelines }: (typeof companyRequestLists)[keyof typeof companyRequestLists],
  messages: RequestMessages,
) {
  return z.object({
    email: emailField(messages.email),
    name: requiredLine(min, messages.name),
    title: requiredLine(min, messages.title),
    company: requiredLine(min, 'Company name is required'),
    companySize: choice(valuesOf(sizes), SIZE_MESSAGE),
    talentNeeds: requiredText(min, messages.talentNeeds, MAX_LONG_TEXT),
    timeline: choice(valuesOf(timelines), messages.timeline),
    ...optionalFields(companyFields, 'company-request'),
  });
}

/** /hiring 'Request Talent Information' (POST /api/companies/submit): all minimums 1. */
export const hiringRequestSchema = companyRequest(1, companyRequestLists.hiring, {
  email: 'Please enter a valid work email address',
  name: 'Your name is required',
  title: 'Your title is required',
  talentNeeds: 'Please tell us about your hiring needs',
  timeline: 'Please select a hiring timeline',
});

/** /contact employer form: the same endpoint, 2-character minimums and the contact-page lists. */
export const contactEmployerSchema = companyRequest(2, companyRequestLists.contact, {
  email: 'Please enter a valid email address',
  name: 'Name is required',
  title: 'Title is required',
  talentNeeds: 'Please describe your talent needs',
  timeline: 'Please select a timeline',
});

/** What POST /api/companies/submit accepts: either form's values, plus attribution. */
export const companyRequestRequest = z.extend(hiringRequestSchema, {
  companySize: choice(valuesOf(companyRequestLists.contact.sizes), SIZE_MESSAGE),
  timeline: choice(valuesOf(allTimelines), 'Please select a timeline'),
  attribution: attributionSchema,
});
export const companyEmailLeadRequest = withAttribution(companyEmailLeadSchema);

export type HiringRequest = z.input<typeof hiringRequestSchema>;
export type ContactEmployer = z.input<typeof contactEmployerSchema>;
