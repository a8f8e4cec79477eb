import { signed, signedText } from '../../../platform/http/tokens';

/* The time trap (decision 095): a signed cookie with the time; a form sent too soon is suspect. */
export const FORM_TIME_COOKIE = 'tb_form_time';

/** A token this old is renewed with the next page (a visit a week later starts again). */
export const FORM_TIME_MAX_AGE_S = 7 * 24 * 60 * 60;

/** `<issued ms, base 36>.<HMAC>`. */
export const signFormTime = (key: Buffer, issuedAtMs: number): string =>
  signed(key, 'form-time', Math.floor(issuedAtMs).toString(36));

export type FormTime =
  { state: 'missing' } | { state: 'forged' } | { state: 'valid'; issuedAtMs: number };

/** Reads a cookie value: valid only if this server signed it (any key change forges it). */
export function readFormTime(key: Buffer, value: string | undefined): FormTime {
  if (!value) return { state: 'missing' };
  const issued = signedText(key, 'form-time', value);
  if (issued === undefined || !/^[0-9a-z]{1,12}$/.test(issued)) return { state: 'forged' };
  return { state: 'valid', issuedAtMs: parseInt(issued, 36) };
}

/** Why a submission fails the time trap (a token from the future is too soon); off at 0. */
export function timeTrapReason(token: FormTime, nowMs: number, minFillMs: number) {
  if (minFillMs <= 0) return undefined;
  if (token.state === 'missing') return 'no_form_token';
  if (token.state === 'forged') return 'forged_form_token';
  const elapsed = nowMs - token.issuedAtMs;
  return elapsed < minFillMs ? 'too_fast' : undefined;
}

/** Whether a page response should (re)issue the cookie: none yet, not ours, or a week old. */
export function needsNewFormTime(token: FormTime, nowMs: number): boolean {
  return token.state !== 'valid' || nowMs - token.issuedAtMs > FORM_TIME_MAX_AGE_S * 1000;
}
