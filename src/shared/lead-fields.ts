// The lead's fields, declared once for the forms, the database, the admin and the CSV.
import {
  availabilityOptions,
  contactCompanySizes,
  contactTimelines,
  educationLevels,
  hiringTimelines,
  relocationOptions,
  techExperienceLevels,
  yesNoOptions,
} from './enums';
import { claims } from './claims';
import type { ExportSection, LeadField } from './lead-field';

const longText = { max: 4000, multiline: true };
const wide = { cell: 'wide' } as const;
const application = ['candidate-application'] as const;
const namedForms = ['candidate-basic-info', 'candidate-application'] as const;
const companyForms = ['company-email', 'company-request'] as const;
const request = ['company-request'] as const;

/** "Talent needs" -> "Talent Needs": a CSV header, unless a field names its own. */
export const titleCase = (label: string) =>
  label.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());

/** A field's column and label, and its CSV column in `section`. */
const field = <Column extends string>(
  column: Column,
  label: string,
  section: ExportSection,
  header = titleCase(label),
) => ({ column, label, export: { header, section } }) as const;

/** A candidate's application field, on the detail's application group. */
const applied = <Column extends string>(column: Column, label: string, header?: string) =>
  ({
    ...field(column, label, 'application', header),
    forms: application,
    group: 'application',
  }) as const;

/** An answer of the built-in questionnaire, asked `question`. */
const answer = <Column extends string>(column: Column, label: string, question: string) =>
  ({
    ...field(column, label, 'answers'),
    question,
    forms: ['questionnaire'],
    group: 'questionnaire',
  }) as const;

/** A field of a company's lead, on the detail's company group. */
const company = <Column extends string>(column: Column, label: string) =>
  ({ ...field(column, label, 'company'), group: 'company' }) as const;

/** A candidate's fields, in their order on the admin's screens and in the CSV. */
export const candidateFields = {
  firstName: {
    ...field('first_name', 'First name', 'person'),
    forms: namedForms,
    searchKey: 'search_name',
  },
  lastName: {
    ...field('last_name', 'Last name', 'person'),
    forms: namedForms,
    searchKey: 'search_last_name',
  },
  email: {
    ...field('email', 'Email', 'person'),
    kind: 'email',
    group: 'contact',
    searchKey: 'email_normalized',
    contact: 'email',
  },
  phone: {
    ...field('phone', 'Phone', 'person'),
    forms: namedForms,
    optional: { max: 40 },
    group: 'contact',
    contact: 'phone',
    list: { cell: 'nowrap' },
  },
  location: {
    ...field('location', 'Location', 'application'),
    forms: application,
    group: 'contact',
  },
  educationLevel: {
    ...applied('education_level', 'Education', 'Education Level'),
    question: 'Education level',
    options: educationLevels,
  },
  techExperience: {
    ...applied('tech_experience', 'Experience', 'Tech Experience'),
    question: 'Tech experience',
    options: techExperienceLevels,
    list: wide,
  },
  reason: {
    ...applied('reason', 'Reason'),
    question: 'Why are you interested in becoming a data center technician?',
    optional: longText,
    list: wide,
  },
  // The built-in questionnaire's answers; null until given.
  availability: {
    ...answer('availability', 'Availability', 'When could you start the training?'),
    options: availabilityOptions,
  },
  fullTime: {
    ...answer(
      'full_time',
      'Full time',
      `Can you train full time for ${claims.trainingWeeks} weeks?`,
    ),
    options: yesNoOptions,
  },
  relocation: {
    ...answer('relocation', 'Relocation', 'Would you relocate for the right job?'),
    options: relocationOptions,
  },
  questionnaireLocation: {
    ...answer('questionnaire_location', 'Questionnaire location', 'Where do you live?'),
    posted: 'location',
  },
  motivation: {
    ...answer('motivation', 'Motivation', 'Why do you want to become a data center technician?'),
    list: wide,
  },
  // The spec's names of the two flags (section 3); the routes raise them, never a form field.
  typeformCompleted: { column: 'questionnaire_completed', kind: 'flag', label: 'Questionnaire' },
  isTypeformCandidate: {
    column: 'is_questionnaire_candidate',
    kind: 'flag',
    label: 'Typeform lead',
  },
} as const satisfies Record<string, LeadField>;

/** A company's fields, in their order on the admin's screens and in the CSV. */
export const companyFields = {
  companyName: {
    ...company('company_name', 'Company'),
    forms: companyForms,
    posted: 'company',
    list: false,
    searchKey: 'search_company',
  },
  contactName: {
    ...company('contact_name', 'Contact name'),
    forms: request,
    posted: 'name',
    list: { cell: 'nowrap' },
    searchKey: 'search_contact',
  },
  title: { ...company('title', 'Title'), forms: request },
  email: {
    ...company('email', 'Email'),
    kind: 'email',
    searchKey: 'email_normalized',
    contact: 'email',
  },
  // The number the talent specialist calls (/hiring promises a call); optional.
  phone: { ...company('phone', 'Phone'), forms: request, optional: { max: 40 }, contact: 'phone' },
  companySize: {
    ...company('company_size', 'Company size'),
    options: contactCompanySizes,
    forms: request,
    list: { header: 'Size' },
  },
  talentNeeds: { ...company('talent_needs', 'Talent needs'), forms: request, list: wide },
  timeline: {
    ...company('timeline', 'Timeline'),
    options: [...hiringTimelines, ...contactTimelines],
    forms: request,
  },
  comments: { ...company('comments', 'Comments'), forms: request, optional: longText, list: wide },
} as const satisfies Record<string, LeadField>;

/** An attribution field, posted in `attribution`. */
const attribution = <Column extends string>(column: Column, label: string, header?: string) =>
  ({ ...field(column, label, 'attribution', header), group: 'attribution' }) as const;

/** Where a lead came from, first touch wins: every lead has these, posted in `attribution`. */
export const attributionFields = {
  sourcePage: { ...attribution('source_page', 'Source page'), posted: 'page' },
  landingVariant: { ...attribution('landing_variant', 'Landing variant'), posted: 'variant' },
  utmSource: attribution('utm_source', 'UTM source'),
  utmMedium: attribution('utm_medium', 'UTM medium'),
  utmCampaign: attribution('utm_campaign', 'UTM campaign'),
  utmTerm: attribution('utm_term', 'UTM term'),
  utmContent: attribution('utm_content', 'UTM content'),
  referrer: attribution('referrer', 'Referrer'),
  fbclid: attribution('fbclid', 'Meta click id (fbclid)', 'FBCLID'),
} as const satisfies Record<string, LeadField>;

export type CandidateFields = typeof candidateFields;
export type CompanyFields = typeof companyFields;
export type AttributionFields = typeof attributionFields;
