import type { LeadEmailRow } from './lead-listing';
import type { CandidateListRow, CompanyListRow } from '../records/listing-tables';

/*
 * What the admin endpoints answer: the spec's camelCase field names (section 3), booleans as
 * booleans, blanks as null. The list endpoints answer JSON arrays of these.
 */

/** The fields every lead has, in both tables. */
const leadView = (row: CandidateListRow | CompanyListRow) => ({
  id: row.id,
  leadType: row.lead_type,
  stage: row.stage,
  status: row.status,
  email: row.email,
  sourcePage: row.source_page,
  landingVariant: row.landing_variant,
  utmSource: row.utm_source,
  utmMedium: row.utm_medium,
  utmCampaign: row.utm_campaign,
  utmTerm: row.utm_term,
  utmContent: row.utm_content,
  referrer: row.referrer,
  fbclid: row.fbclid,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  // Forms without the lead's proof not yet reviewed, and forms past the history's cap.
  unverifiedForms: row.unverified_forms,
  submissionsNotKept: row.submissions_not_kept,
  // The account working the lead.
  assignee:
    row.assignee_id === null ? null : { id: row.assignee_id, name: row.assignee_name ?? '' },
});

export const candidateView = (row: CandidateListRow) => ({
  ...leadView(row),
  firstName: row.first_name,
  lastName: row.last_name,
  phone: row.phone,
  location: row.location,
  educationLevel: row.education_level,
  techExperience: row.tech_experience,
  reason: row.reason,
  typeformCompleted: row.questionnaire_completed === 1,
  isTypeformCandidate: row.is_questionnaire_candidate === 1,
  availability: row.availability,
  fullTime: row.full_time,
  relocation: row.relocation,
  questionnaireLocation: row.questionnaire_location,
  motivation: row.motivation,
});

export const companyView = (row: CompanyListRow) => ({
  ...leadView(row),
  companyName: row.company_name,
  contactName: row.contact_name,
  title: row.title,
  companySize: row.company_size,
  talentNeeds: row.talent_needs,
  timeline: row.timeline,
  comments: row.comments,
});

export function leadEmailView(row: LeadEmailRow) {
  return {
    id: row.id,
    type: row.kind,
    email: row.email,
    status: row.status,
    sourcePage: row.source_page,
    landingVariant: row.landing_variant,
    utmSource: row.utm_source,
    utmCampaign: row.utm_campaign,
    createdAt: row.created_at,
  };
}

/** JSON schema of an object whose listed properties are strings or null, plus extras. */
function objectSchema(
  nullableStrings: string[],
  extra: Record<string, { type: string | string[]; properties?: object }>,
) {
  return {
    type: 'object',
    properties: {
      ...Object.fromEntries(nullableStrings.map((name) => [name, { type: ['string', 'null'] }])),
      ...extra,
    },
  } as const;
}

const attributionFields = [
  'sourcePage',
  'landingVariant',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmTerm',
  'utmContent',
  'referrer',
  'fbclid',
];
const common = {
  id: { type: 'integer' },
  leadType: { type: 'string' },
  stage: { type: 'string' },
  status: { type: 'string' },
  email: { type: 'string' },
  createdAt: { type: 'string' },
  updatedAt: { type: 'string' },
  unverifiedForms: { type: 'integer' },
  submissionsNotKept: { type: 'integer' },
  assignee: {
    type: ['object', 'null'],
    properties: { id: { type: 'integer' }, name: { type: 'string' } },
  },
};

export const candidateSchema = objectSchema(
  [
    'firstName',
    'lastName',
    'phone',
    'location',
    'educationLevel',
    'techExperience',
    'reason',
    'availability',
    'fullTime',
    'relocation',
    'questionnaireLocation',
    'motivation',
    ...attributionFields,
  ],
  { ...common, typeformCompleted: { type: 'boolean' }, isTypeformCandidate: { type: 'boolean' } },
);

export const companySchema = objectSchema(
  [
    'companyName',
    'contactName',
    'title',
    'companySize',
    'talentNeeds',
    'timeline',
    'comments',
    ...attributionFields,
  ],
  common,
);

export const leadEmailSchema = objectSchema(
  ['sourcePage', 'landingVariant', 'utmSource', 'utmCampaign'],
  {
    id: { type: 'integer' },
    type: { type: 'string' },
    email: { type: 'string' },
    status: { type: 'string' },
    createdAt: { type: 'string' },
  },
);

/** Path parameters of the endpoints about one lead. */
export const leadIdParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id'],
} as const;

export const errorBody = { type: 'object', properties: { error: { type: 'string' } } } as const;
