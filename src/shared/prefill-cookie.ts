/**
 * The prefill's cookie (docs/decisions/090): what the JS flow keeps in session storage, handed
 * to the next page of a form posted without JavaScript. Apart from page-state.ts so the
 * browser's entry, which only looks for a state block, does not carry it.
 */

/** The cookie that carries session-storage values to the next page (not HttpOnly: JS moves them). */
export const PREFILL_COOKIE = 'tb_prefill';

/** The spec's session-storage keys a form hands on; nothing else is read from the cookie. */
export const PREFILL_KEYS: readonly string[] = [
  'candidateFirstName',
  'candidateLastName',
  'candidateEmail',
  'candidatePhone',
  'employerEmail',
  'employerCompany',
  'typeformCompleted',
  'filloutCompleted',
];
