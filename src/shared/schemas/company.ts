import * as z from 'zod/mini';
import {
  companySizes,
  contactCompanySizes,
  contactTimelines,
  hiringTimelines,
  valuesOf,
} from '../enums';
import { attributionSchema } from './attribution';
import { emailField, MAX_LONG_TEXT, optionalText, requiredText, choice } from './fields';

const SIZE_MESSAGE = 'Please select a company size';

/** /companies 'Request Talent Info' (POST /api/companies/email). */
export const companyEmailLeadSchema = z.object({
  email: emailField('Please enter a valid work email address'),
  company: requiredText(2, 'Company name is required'),
});

/** /hiring 'Request Talent Information' (POST /api/companies/submit): all minimums 1. */
export const hiringRequestSchema = z.object({
  email: emailField('Please enter a valid work email address'),
  name: requiredText(1, 'Your name is required'),
  title: requiredText(1, 'Your title is required'),
  company: requiredText(1, 'Company name is required'),
  companySize: choice(valuesOf(companySizes), SIZE_MESSAGE),
  talentNeeds: requiredText(1, 'Please tell us about your hiring needs', MAX_LONG_TEXT),
  timeline: choice(valuesOf(hiringTimelines), 'Please select a hiring timeline'),
  comments: optionalText(MAX_LONG_TEXT),
});

/** /contact employer form: the same endpoint, 2-character minimums and the contact-page lists. */
export const contactEmployerSchema = z.object({
  email: emailField('Please enter a valid email address'),
  name: requiredText(2, 'Name is required'),
  title: requiredText(2, 'Title is required'),
  company: requiredText(2, 'Company name is required'),
  companySize: choice(valuesOf(contactCompanySizes), SIZE_MESSAGE),
  talentNeeds: requiredText(2, 'Please describe your talent needs', MAX_LONG_TEXT),
  timeline: choice(valuesOf(contactTimelines), 'Please select a timeline'),
  comments: optionalText(MAX_LONG_TEXT),
});

const allTimelines = [
  ...new Set([...valuesOf(hiringTimelines), ...valuesOf(contactTimelines)]),
] as [string, ...string[]];

/** What POST /api/companies/submit accepts: either form's values, plus attribution. */
export const companyRequestRequest = z.extend(hiringRequestSchema, {
  companySize: choice(valuesOf(contactCompanySizes), SIZE_MESSAGE),
  timeline: choice(allTimelines, 'Please select a timeline'),
  attribution: attributionSchema,
});
export const companyEmailLeadRequest = z.extend(companyEmailLeadSchema, {
  attribution: attributionSchema,
});

export type HiringRequest = z.input<typeof hiringRequestSchema>;
export type ContactEmployer = z.input<typeof contactEmployerSchema>;
