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
import type { LeadForm } from './lead-vocabulary';

export type FieldOptions = readonly { value: string; label: string }[];

/** Where the admin's lead detail shows a field. */
export type DetailGroup = 'contact' | 'application' | 'questionnaire' | 'company' | 'attribution';

/**
 * Where a field joins the CSV exports (server/leads export): `person` in both candidate exports,
 * `application` in the candidates export, `answers` in both, `company` in the companies export,
 * `attribution` in all four.
 */
export type ExportSection = 'person' | 'application' | 'answers' | 'company' | 'attribution';

/**
 * One field of a lead. Its key is its name in the API (the admin's JSON, and the forms' unless
 * `posted` says otherwise); its order among its lead's fields is its place in the detail, the
 * list and the CSV.
 */
export interface LeadField {
  /** The stored column: text, NULL for blank; a flag is an integer 0/1. */
  column: string;
  /** 'text' (the default); 'email' is the lead's address; a 'flag' only ever rises. */
  kind?: 'text' | 'email' | 'flag';
  /** The admin's label (the detail; the list's header is it in title case). */
  label: string;
  /** Its form's options: the value is stored, the admin reads the label. */
  options?: FieldOptions;
  /** The forms that post it. */
  forms?: readonly LeadForm[];
  /** Its name in the forms' bodies (or in `attribution`), when not its API name. */
  posted?: string;
  /**
   * An optional form field's rule: one of `options` or blank, else text up to `max`
   * (`multiline`: a text area). A required field's rule and messages are in schemas/.
   */
  optional?: { max: number; multiline?: boolean };
  /** The detail's group; none: shown otherwise (the name, the flags). */
  group?: DetailGroup;
  /** Its column in the admin's list (by `group`); false: none, `header`: not the label's. */
  list?: false | { header?: string; cell?: 'nowrap' | 'wide' };
  /** Its CSV column; none: not exported on its own. */
  export?: { header: string; section: ExportSection };
  /** The indexed search key it feeds (a generated column, 022_admin_search_keys). */
  searchKey?: string;
}

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

/** Where a lead came from, first touch wins: every lead has these, posted in `attribution`. */
export const attributionFields = {
  sourcePage: {
    column: 'source_page',
    label: 'Source page',
    posted: 'page',
    group: 'attribution',
    export: { header: 'Source Page', section: 'attribution' },
  },
  landingVariant: {
    column: 'landing_variant',
    label: 'Landing variant',
    posted: 'variant',
    group: 'attribution',
    export: { header: 'Landing Variant', section: 'attribution' },
  },
  utmSource: {
    column: 'utm_source',
    label: 'UTM source',
    group: 'attribution',
    export: { header: 'UTM Source', section: 'attribution' },
  },
  utmMedium: {
    column: 'utm_medium',
    label: 'UTM medium',
    group: 'attribution',
    export: { header: 'UTM Medium', section: 'attribution' },
  },
  utmCampaign: {
    column: 'utm_campaign',
    label: 'UTM campaign',
    group: 'attribution',
    export: { header: 'UTM Campaign', section: 'attribution' },
  },
  utmTerm: {
    column: 'utm_term',
    label: 'UTM term',
    group: 'attribution',
    export: { header: 'UTM Term', section: 'attribution' },
  },
  utmContent: {
    column: 'utm_content',
    label: 'UTM content',
    group: 'attribution',
    export: { header: 'UTM Content', section: 'attribution' },
  },
  referrer: {
    column: 'referrer',
    label: 'Referrer',
    group: 'attribution',
    export: { header: 'Referrer', section: 'attribution' },
  },
  fbclid: {
    column: 'fbclid',
    label: 'Meta click id (fbclid)',
    group: 'attribution',
    export: { header: 'FBCLID', section: 'attribution' },
  },
} as const satisfies Record<string, LeadField>;

export type CandidateFields = typeof candidateFields;
export type CompanyFields = typeof companyFields;
export type AttributionFields = typeof attributionFields;
type AnyFields = Record<string, LeadField>;

/** The API names of `Fields` whose kind is `Kind` ('text' when none is given). */
export type NamesOfKind<Fields extends AnyFields, Kind extends LeadField['kind']> = {
  [Name in keyof Fields]: (Fields[Name] extends { kind: infer K } ? K : 'text') extends Kind
    ? Name
    : never;
}[keyof Fields];

/** The column of each field of `Fields` of kind `Kind`. */
export type ColumnsOfKind<
  Fields extends AnyFields,
  Kind extends LeadField['kind'],
> = Fields[NamesOfKind<Fields, Kind>]['column'];

/** The values a lead field's JSON holds: text or null, a flag as a boolean, the e-mail always. */
export type FieldValues<Fields extends AnyFields> = {
  [Name in keyof Fields]: Fields[Name] extends { kind: 'flag' }
    ? boolean
    : Fields[Name] extends { kind: 'email' }
      ? string
      : string | null;
};

/** The fields of `fields`, each with its API name, in order. */
export const entriesOf = <Fields extends AnyFields>(fields: Fields) =>
  Object.entries(fields) as [keyof Fields & string, LeadField][];

/** The fields `form` posts, each with the name it posts it under. */
export const postedBy = (fields: AnyFields, form: LeadForm) =>
  entriesOf(fields)
    .filter(([, field]) => field.forms?.some((each) => each === form))
    .map(([name, field]) => ({ ...field, name: field.posted ?? name }));
