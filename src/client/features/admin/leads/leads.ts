import type { LeadKind } from '@shared/lead-status';

// The server may answer snake_case or camelCase names (spec section 3): both are read.

type Raw = Record<string, unknown>;
type Texts<Name extends string> = Record<Name, string | null>;

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Another name the server may answer a field under. */
const aliases: Record<string, string> = {
  createdAt: 'submittedAt',
  companyName: 'company',
  contactName: 'name',
  talentNeeds: 'hiringNeeds',
  comments: 'message',
};

/** The first spelling of the field (or of its alias) that holds a value. */
function pick(raw: Raw, name: string): unknown {
  const alias = aliases[name];
  const names = [name, snake(name), ...(alias ? [alias, snake(alias)] : [])];
  for (const each of names) {
    const value = raw[each];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return null;
}

const texts = <Name extends string>(raw: Raw, names: readonly Name[]) =>
  Object.fromEntries(
    names.map((name) => {
      const value = pick(raw, name);
      return [name, value === null ? null : String(value)];
    }),
  ) as Texts<Name>;

const flag = (raw: Raw, name: string): boolean => {
  const value = pick(raw, name);
  return value === true || value === 1 || value === 'true' || value === '1';
};

/** A list of names written as one string: 'a b' gives ['a', 'b'], typed 'a' | 'b'. */
type Words<List extends string> = List extends `${infer Head} ${infer Tail}`
  ? Head | Words<Tail>
  : List;
const words = <List extends string>(list: List) => list.split(' ') as Words<List>[];

// `status` is the pipeline status (src/shared/lead-status.ts); null if the server sent none.
const attributionNames = words(
  'sourcePage landingVariant utmSource utmMedium utmCampaign utmTerm utmContent referrer fbclid createdAt status',
);

export type Attribution = Texts<(typeof attributionNames)[number]>;

/** Every row has `kind` and `who`: what its buttons act on, and how the admin names it. */
function row<Name extends string>(raw: Raw, kind: LeadKind, names: readonly Name[]) {
  return {
    id: Number(raw.id),
    kind,
    email: String(pick(raw, 'email') ?? ''),
    // Forms sent without the person's proof, not yet reviewed.
    unverifiedForms: Number(pick(raw, 'unverifiedForms') ?? 0),
    ...texts(raw, names),
    ...texts(raw, attributionNames),
  };
}

export type CandidateLead = ReturnType<typeof toCandidate>;
export function toCandidate(raw: Raw) {
  // The application's fields, then the built-in questionnaire's answers (null until given).
  const names =
    'firstName lastName phone location educationLevel techExperience reason availability fullTime relocation questionnaireLocation motivation';
  const lead = row(raw, 'candidate', words(names));
  return {
    ...lead,
    who: fullName(lead.firstName, lead.lastName) || lead.email,
    // The API's names of the two flags (spec section 3).
    questionnaireCompleted: flag(raw, 'typeformCompleted'),
    isQuestionnaireCandidate: flag(raw, 'isTypeformCandidate'),
  };
}

export type CompanyLead = ReturnType<typeof toCompany>;
export function toCompany(raw: Raw) {
  const names = 'companyName contactName title companySize talentNeeds timeline comments';
  const lead = row(raw, 'company', words(names));
  return { ...lead, who: lead.companyName ?? lead.email };
}

/** A Lead Emails row: either kind, named by its address. */
export type EmailLead = ReturnType<typeof toEmailLead>;
export function toEmailLead(raw: Raw) {
  const lead = row(raw, pick(raw, 'type') === 'company' ? 'company' : 'candidate', []);
  return { ...lead, who: lead.email };
}

/** Spec section 4: the Completed / Not Completed status of the questionnaire. */
export const questionnaireStatus = (lead: CandidateLead) =>
  lead.questionnaireCompleted ? 'Completed' : 'Not Completed';

export const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ');
