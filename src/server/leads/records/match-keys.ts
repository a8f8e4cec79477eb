import type { MatchReason } from '@shared/admin-duplicates';
import { normalizeEmail } from './upsert';
import type { MatchKeyColumns } from './listing-tables';
import type { CandidatesTable } from './lead-tables';

/* The keys a candidate's possible duplicates are found by: stored and indexed (decision 161). */

/** Fewer digits name no one ("n/a", an extension): they would match far too many leads. */
const MIN_PHONE_DIGITS = 6;

const GMAIL_DOMAINS = ['gmail.com', 'googlemail.com'];

export type MatchKeySource = Pick<CandidatesTable, 'email'> &
  Partial<
    Pick<
      CandidatesTable,
      'first_name' | 'last_name' | 'phone' | 'location' | 'questionnaire_location'
    >
  >;

const words = (value: string | null | undefined) =>
  (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

function emailMatchKey(email: string): string {
  const normalized = normalizeEmail(email);
  const at = normalized.lastIndexOf('@');
  if (at < 0) return normalized;
  const domain = normalized.slice(at + 1);
  const name = normalized.slice(0, at).split('+')[0] || normalized.slice(0, at);
  return GMAIL_DOMAINS.includes(domain)
    ? `${name.replaceAll('.', '')}@gmail.com`
    : `${name}@${domain}`;
}

export function matchKeys(lead: MatchKeySource): MatchKeyColumns {
  const digits = (lead.phone ?? '').replace(/\D/g, '');
  const parts = [lead.first_name, lead.last_name, lead.location ?? lead.questionnaire_location].map(
    words,
  );
  return {
    phone_digits: digits.length >= MIN_PHONE_DIGITS ? digits : null,
    name_location_key: parts.every(Boolean) ? parts.join('|') : null,
    email_match_key: emailMatchKey(lead.email),
  };
}

/** A phone key with and without a leading 1: the site recruits in the US ("+1 602…" is "602…"). */
export function phoneVariants(digits: string): string[] {
  const national = digits.replace(/^1/, '');
  return national ? [national, `1${national}`] : [digits];
}

export const keyOfReason: Record<MatchReason, keyof MatchKeyColumns> = {
  phone: 'phone_digits',
  name_location: 'name_location_key',
  email: 'email_match_key',
};
