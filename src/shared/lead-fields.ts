// The lead's fields, declared once for the forms, the database, the admin and the CSV.
import {
  allTimelines,
  availabilityOptions,
  contactCompanySizes,
  educationLevels,
  relocationOptions,
  techExperienceLevels,
  yesNoOptions,
} from './enums';
import { claims } from './claims';
import type { ExportSection, LeadField } from './lead-field';

const longText = { optional: { max: 4000 }, multiline: true } as const;
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

/** Both kinds' address: it names the lead; the one a merge drops stays a secondary contact. */
const email = { kind: 'email', searchKey: 'email_normalized', contact: 'email' } as const;
/** Both kinds' phone, optional; a merge keeps the one it drops as a secondary contact. */
const phone = { optional: { max: 40 }, autoComplete: 'tel', contact: 'phone' } as const;

/** A candidate's fields, in their order on the admin's screens and in the CSV. */
export const candidateFields = {
  firstName: {
    ...field('first_name', 'First name', 'person'),
    forms: namedForms,
    autoComplete: 'given-name',
    searchKey: 'search_name',
  },
  lastName: {
    ...field('last_name', 'Last name', 'person'),
    forms: namedForms,
    autoComplete: 'family-name',
    searchKey: 'search_last_name',
  },
  email: { ...field('email', 'Email', 'person'), ...email, group: 'contact' },
  phone: {
    ...field('phone', 'Phone', 'person'),
    ...phone,
    forms: namedForms,
    group: 'contact',
    list: { cell: 'nowrap' },
  },
  location: {
    ...field('location', 'Location', 'application'),
    forms: application,
    autoComplete: 'address-level2',
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
    ...longText,
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
    autoComplete: 'address-level2',
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

/** A field of /hiring's talent request, asked `question` when not its label. */
const requested = <Column extends string>(column: Column, label: string, question?: string) =>
  ({ ...company(column, label), forms: request, ...(question ? { question } : {}) }) as const;

/** A company's fields, in their order on the admin's screens and in the CSV. */
export const companyFields = {
  companyName: {
    ...company('company_name', 'Company'),
    question: 'Company name',
    forms: companyForms,
    posted: 'company',
    autoComplete: 'organization',
    list: false,
    searchKey: 'search_company',
  },
  contactName: {
    ...requested('contact_name', 'Contact name', 'Your name'),
    posted: 'name',
    autoComplete: 'name',
    list: { cell: 'nowrap' },
    searchKey: 'search_contact',
  },
  title: { ...requested('title', 'Title', 'Job title'), autoComplete: 'organization-title' },
  email: { ...company('email', 'Email'), ...email },
  // The number the talent specialist calls (/hiring promises a call).
  phone: { ...requested('phone', 'Phone', 'Direct phone'), ...phone },
  companySize: {
    ...requested('company_size', 'Company size'),
    options: contactCompanySizes,
    list: { header: 'Size' },
  },
  talentNeeds: { ...requested('talent_needs', 'Talent needs'), multiline: true, list: wide },
  timeline: { ...requested('timeline', 'Timeline', 'Hiring timeline'), options: allTimelines },
  comments: {
    ...requested('comments', 'Comments', 'Additional comments'),
    ...longText,
    list: wide,
  },
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
