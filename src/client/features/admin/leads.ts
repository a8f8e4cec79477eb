/*
 * The rows the dashboard shows. The server may answer snake_case or camelCase names (spec
 * section 3); both are accepted here, so the screen never depends on one spelling.
 */

type Raw = Record<string, unknown>;

/** The first of `names` that holds a value. */
function pick(raw: Raw, ...names: string[]): unknown {
  for (const name of names) {
    const value = raw[name];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return null;
}

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A text field by its camelCase name, its snake_case twin, or any alias. */
const text = (raw: Raw, name: string, ...aliases: string[]): string | null => {
  const value = pick(raw, name, snake(name), ...aliases.flatMap((alias) => [alias, snake(alias)]));
  return value === null ? null : String(value);
};
const flag = (raw: Raw, name: string): boolean => {
  const value = pick(raw, name, snake(name));
  return value === true || value === 1 || value === 'true' || value === '1';
};

export interface Attribution {
  sourcePage: string | null;
  landingVariant: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  referrer: string | null;
  fbclid: string | null;
  createdAt: string | null;
  /** The lead's pipeline status (src/shared/lead-status.ts); null if the server sent none. */
  status: string | null;
}

const attribution = (raw: Raw): Attribution => ({
  sourcePage: text(raw, 'sourcePage'),
  landingVariant: text(raw, 'landingVariant'),
  utmSource: text(raw, 'utmSource'),
  utmMedium: text(raw, 'utmMedium'),
  utmCampaign: text(raw, 'utmCampaign'),
  utmTerm: text(raw, 'utmTerm'),
  utmContent: text(raw, 'utmContent'),
  referrer: text(raw, 'referrer'),
  fbclid: text(raw, 'fbclid'),
  createdAt: text(raw, 'createdAt', 'submittedAt'),
  status: text(raw, 'status'),
});

export interface CandidateLead extends Attribution {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  location: string | null;
  educationLevel: string | null;
  techExperience: string | null;
  reason: string | null;
  questionnaireCompleted: boolean;
  isQuestionnaireCandidate: boolean;
  /** The built-in questionnaire's answers (null until given). */
  availability: string | null;
  fullTime: string | null;
  relocation: string | null;
  questionnaireLocation: string | null;
  motivation: string | null;
}

export function toCandidate(raw: Raw): CandidateLead {
  return {
    id: Number(raw.id),
    email: text(raw, 'email') ?? '',
    firstName: text(raw, 'firstName'),
    lastName: text(raw, 'lastName'),
    phone: text(raw, 'phone'),
    location: text(raw, 'location'),
    educationLevel: text(raw, 'educationLevel'),
    techExperience: text(raw, 'techExperience'),
    reason: text(raw, 'reason'),
    // The API's names of the two flags (spec section 3).
    questionnaireCompleted: flag(raw, 'typeformCompleted'),
    isQuestionnaireCandidate: flag(raw, 'isTypeformCandidate'),
    availability: text(raw, 'availability'),
    fullTime: text(raw, 'fullTime'),
    relocation: text(raw, 'relocation'),
    questionnaireLocation: text(raw, 'questionnaireLocation'),
    motivation: text(raw, 'motivation'),
    ...attribution(raw),
  };
}

export interface CompanyLead extends Attribution {
  id: number;
  email: string;
  companyName: string | null;
  contactName: string | null;
  title: string | null;
  companySize: string | null;
  talentNeeds: string | null;
  timeline: string | null;
  comments: string | null;
}

export function toCompany(raw: Raw): CompanyLead {
  return {
    id: Number(raw.id),
    email: text(raw, 'email') ?? '',
    companyName: text(raw, 'companyName', 'company'),
    contactName: text(raw, 'contactName', 'name'),
    title: text(raw, 'title'),
    companySize: text(raw, 'companySize'),
    talentNeeds: text(raw, 'talentNeeds', 'hiringNeeds'),
    timeline: text(raw, 'timeline'),
    comments: text(raw, 'comments', 'message'),
    ...attribution(raw),
  };
}

export interface EmailLead extends Attribution {
  id: number;
  email: string;
  type: 'candidate' | 'company';
}

export function toEmailLead(raw: Raw): EmailLead {
  return {
    id: Number(raw.id),
    email: text(raw, 'email') ?? '',
    type: text(raw, 'type') === 'company' ? 'company' : 'candidate',
    ...attribution(raw),
  };
}

/** Spec section 4: the Completed / Not Completed status of the questionnaire. */
export const questionnaireStatus = (lead: CandidateLead) =>
  lead.questionnaireCompleted ? 'Completed' : 'Not Completed';

export const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ');

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Spec section 9: en-US, short month, with hour and minute ('Apr 18, 2025, 9:30 AM'). */
export function formatDate(value: string | null): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}
