// The prefill's cookie, apart from page-state.ts to keep it out of the entry.

/** The cookie that carries session-storage values to the next page (not HttpOnly: JS moves them). */
export const PREFILL_COOKIE = 'tb_prefill';

/** The spec's session-storage keys a form hands on; nothing else is read from the cookie. */
const prefillKeys = [
  'candidateFirstName',
  'candidateLastName',
  'candidateEmail',
  'candidatePhone',
  'employerEmail',
  'employerCompany',
  'typeformCompleted',
  'filloutCompleted',
] as const;
export type PrefillKey = (typeof prefillKeys)[number];
export const PREFILL_KEYS: readonly string[] = prefillKeys;
