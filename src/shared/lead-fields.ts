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
import type { LeadField } from './lead-field';

const longText = { max: 4000, multiline: true };
const application = ['candidate-application'] as const;
const namedForms = ['candidate-basic-info', 'candidate-application'] as const;
const companyForms = ['company-email', 'company-request'] as const;

/** A candidate's fields, in their order on the admin's screens and in the CSV. */
export const candidateFields = {
  firstName: {
    column: 'first_name',
    label: 'First name',
    forms: namedForms,
    export: { header: 'First Name', section: 'person' },
    searchKey: 'search_name',
  },
  lastName: {
    column: 'last_name',
    label: 'Last name',
    forms: namedForms,
    export: { header: 'Last Name', section: 'person' },
    searchKey: 'search_last_name',
  },
  email: {
    column: 'email',
    kind: 'email',
    label: 'Email',
    group: 'contact',
    export: { header: 'Email', section: 'person' },
    searchKey: 'email_normalized',
  },
  phone: {
    column: 'phone',
    label: 'Phone',
    forms: namedForms,
    optional: { max: 40 },
    group: 'contact',
    list: { cell: 'nowrap' },
    export: { header: 'Phone', section: 'person' },
  },
  location: {
    column: 'location',
    label: 'Location',
    forms: application,
    group: 'contact',
    export: { header: 'Location', section: 'application' },
  },
  educationLevel: {
    column: 'education_level',
    label: 'Education',
    options: educationLevels,
    forms: application,
    group: 'application',
    export: { header: 'Education Level', section: 'application' },
  },
  techExperience: {
    column: 'tech_experience',
    label: 'Experience',
    options: techExperienceLevels,
    forms: application,
    group: 'application',
    list: { cell: 'wide' },
    export: { header: 'Tech Experience', section: 'application' },
  },
  reason: {
    column: 'reason',
    label: 'Reason',
    forms: application,
    optional: longText,
    group: 'application',
    list: { cell: 'wide' },
    export: { header: 'Reason', section: 'application' },
  },
  // The built-in questionnaire's answers; null until given.
  availability: {
    column: 'availability',
    label: 'Availability',
    options: availabilityOptions,
    forms: ['questionnaire'],
    group: 'questionnaire',
    export: { header: 'Availability', section: 'answers' },
  },
  fullTime: {
    column: 'full_time',
    label: 'Full time',
    options: yesNoOptions,
    forms: ['questionnaire'],
    group: 'questionnaire',
    export: { header: 'Full Time', section: 'answers' },
  },
  relocation: {
    column: 'relocation',
    label: 'Relocation',
    options: relocationOptions,
    forms: ['questionnaire'],
    group: 'questionnaire',
    export: { header: 'Relocation', section: 'answers' },
  },
  questionnaireLocation: {
    column: 'questionnaire_location',
    label: 'Questionnaire location',
    forms: ['questionnaire'],
    posted: 'location',
    group: 'questionnaire',
    export: { header: 'Questionnaire Location', section: 'answers' },
  },
  motivation: {
    column: 'motivation',
    label: 'Motivation',
    forms: ['questionnaire'],
    group: 'questionnaire',
    list: { cell: 'wide' },
    export: { header: 'Motivation', section: 'answers' },
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
    column: 'company_name',
    label: 'Company',
    forms: companyForms,
    posted: 'company',
    group: 'company',
    list: false,
    export: { header: 'Company', section: 'company' },
    searchKey: 'search_company',
  },
  contactName: {
    column: 'contact_name',
    label: 'Contact name',
    forms: ['company-request'],
    posted: 'name',
    group: 'company',
    list: { cell: 'nowrap' },
    export: { header: 'Contact Name', section: 'company' },
    searchKey: 'search_contact',
  },
  title: {
    column: 'title',
    label: 'Title',
    forms: ['company-request'],
    group: 'company',
    export: { header: 'Title', section: 'company' },
  },
  email: {
    column: 'email',
    kind: 'email',
    label: 'Email',
    group: 'company',
    export: { header: 'Email', section: 'company' },
    searchKey: 'email_normalized',
  },
  companySize: {
    column: 'company_size',
    label: 'Company size',
    options: contactCompanySizes,
    forms: ['company-request'],
    group: 'company',
    list: { header: 'Size' },
    export: { header: 'Company Size', section: 'company' },
  },
  talentNeeds: {
    column: 'talent_needs',
    label: 'Talent needs',
    forms: ['company-request'],
    group: 'company',
    list: { cell: 'wide' },
    export: { header: 'Talent Needs', section: 'company' },
  },
  timeline: {
    column: 'timeline',
    label: 'Timeline',
    options: [...hiringTimelines, ...contactTimelines],
    forms: ['company-request'],
    group: 'company',
    export: { header: 'Timeline', section: 'company' },
  },
  comments: {
    column: 'comments',
    label: 'Comments',
    forms: ['company-request'],
    optional: longText,
    group: 'company',
    list: { cell: 'wide' },
    export: { header: 'Comments', section: 'company' },
  },
} as const satisfies Record<string, LeadField>;

/** An attribution field: its column, the detail's label and the CSV's header. */
const attribution = <Column extends string>(column: Column, label: string, header: string) =>
  ({ column, label, group: 'attribution', export: { header, section: 'attribution' } }) as const;

/** Where a lead came from, first touch wins: every lead has these, posted in `attribution`. */
export const attributionFields = {
  sourcePage: { ...attribution('source_page', 'Source page', 'Source Page'), posted: 'page' },
  landingVariant: {
    ...attribution('landing_variant', 'Landing variant', 'Landing Variant'),
    posted: 'variant',
  },
  utmSource: attribution('utm_source', 'UTM source', 'UTM Source'),
  utmMedium: attribution('utm_medium', 'UTM medium', 'UTM Medium'),
  utmCampaign: attribution('utm_campaign', 'UTM campaign', 'UTM Campaign'),
  utmTerm: attribution('utm_term', 'UTM term', 'UTM Term'),
  utmContent: attribution('utm_content', 'UTM content', 'UTM Content'),
  referrer: attribution('referrer', 'Referrer', 'Referrer'),
  fbclid: attribution('fbclid', 'Meta click id (fbclid)', 'FBCLID'),
} as const satisfies Record<string, LeadField>;

export type CandidateFields = typeof candidateFields;
export type CompanyFields = typeof companyFields;
export type AttributionFields = typeof attributionFields;
