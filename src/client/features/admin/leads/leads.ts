import { entriesOf, type AnyFields, type FieldValues } from '@shared/lead-field';
import { attributionFields, candidateFields, companyFields } from '@shared/lead-fields';
import type { LeadKind } from '@shared/lead-status';

// The server answers one shape (server/leads/reads/lead-views.ts): the lead-field contract's names.

type Raw = Record<string, unknown>;

export const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** A contract's fields of an answer (a board's card sends fewer: the others are null). */
function fieldsOf<Fields extends AnyFields>(fields: Fields) {
  const entries = entriesOf(fields);
  return (raw: Raw) => {
    const lead: Raw = {};
    for (const [name, field] of entries) {
      const value = raw[name];
      lead[name] =
        field.kind === 'flag'
          ? value === true
          : field.kind === 'email'
            ? String(value ?? '')
            : text(value);
    }
    return lead as FieldValues<Fields>;
  };
}

const attributionOf = fieldsOf(attributionFields);
const candidateOf = fieldsOf(candidateFields);
const companyOf = fieldsOf(companyFields);

/** Every row has `kind` and `who`: what its buttons act on, and how the admin names it. */
function row(raw: Raw, kind: LeadKind) {
  return {
    id: Number(raw.id),
    kind,
    email: String(raw.email ?? ''),
    // Forms sent without the person's proof, not yet reviewed.
    unverifiedForms: Number(raw.unverifiedForms ?? 0),
    ...attributionOf(raw),
    createdAt: text(raw.createdAt),
    lastActivityAt: text(raw.lastActivityAt),
    status: text(raw.status),
    owner: text((raw.assignee as { name?: unknown } | null)?.name),
  };
}

export type CandidateLead = ReturnType<typeof toCandidate>;
export function toCandidate(raw: Raw) {
  const lead = { ...row(raw, 'candidate'), ...candidateOf(raw) };
  return { ...lead, who: fullName(lead.firstName, lead.lastName) || lead.email };
}

export type CompanyLead = ReturnType<typeof toCompany>;
export function toCompany(raw: Raw) {
  const lead = { ...row(raw, 'company'), ...companyOf(raw) };
  return { ...lead, who: lead.companyName ?? lead.email };
}

export type EmailLead = ReturnType<typeof toEmailLead>;
export function toEmailLead(raw: Raw) {
  const lead = row(raw, raw.type === 'company' ? 'company' : 'candidate');
  return { ...lead, who: lead.email };
}

export type AnyLead = CandidateLead | CompanyLead | EmailLead;

/** Spec section 4: the Completed / Not Completed status of the questionnaire. */
export const questionnaireStatus = (lead: CandidateLead) =>
  lead.typeformCompleted ? 'Completed' : 'Not Completed';

export const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ');
