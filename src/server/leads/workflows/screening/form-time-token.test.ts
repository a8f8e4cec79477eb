import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  FORM_TIME_MAX_AGE_S,
  needsNewFormTime,
  readFormTime,
  signFormTime,
  timeTrapReason,
} from './form-time-token';
import { cookieValue } from '../../../platform/http/cookies';

const key = randomBytes(32);
const issued = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('form time token', () => {
  it('reads back the time it signed', () => {
    expect(readFormTime(key, signFormTime(key, issued))).toEqual({
      state: 'valid',
      issuedAtMs: issued,
    });
  });

  it('calls a token missing, or forged when another key, another time or junk made it', () => {
    const token = signFormTime(key, issued);
    const [, mac] = token.split('.');
    expect(readFormTime(key, undefined)).toEqual({ state: 'missing' });
    expect(readFormTime(key, '')).toEqual({ state: 'missing' });
    expect(readFormTime(randomBytes(32), token)).toEqual({ state: 'forged' });
    expect(readFormTime(key, `${(issued - 60_000).toString(36)}.${mac}`)).toEqual({
      state: 'forged',
    });
    expect(readFormTime(key, 'x.y.z')).toEqual({ state: 'forged' });
    expect(readFormTime(key, `${token}x`)).toEqual({ state: 'forged' });
  });

  it('finds a form sent sooner than the threshold suspect, and a slower one not', () => {
    const token = readFormTime(key, signFormTime(key, issued));
    expect(timeTrapReason(token, issued + 1999, 2000)).toBe('too_fast');
    expect(timeTrapReason(token, issued - 5000, 2000)).toBe('too_fast');
    expect(timeTrapReason(token, issued + 2000, 2000)).toBeUndefined();
    expect(timeTrapReason({ state: 'missing' }, issued, 2000)).toBe('no_form_token');
    expect(timeTrapReason({ state: 'forged' }, issued, 2000)).toBe('forged_form_token');
  });

  it('is off at 0: no token, a forged one and an instant post all pass', () => {
    expect(timeTrapReason({ state: 'missing' }, issued, 0)).toBeUndefined();
    expect(timeTrapReason({ state: 'forged' }, issued, 0)).toBeUndefined();
    expect(timeTrapReason(readFormTime(key, signFormTime(key, issued)), issued, 0)).toBeUndefined();
  });

  it('keeps a valid token (a second tab does not restart the clock) until it is a week old', () => {
    const token = readFormTime(key, signFormTime(key, issued));
    expect(needsNewFormTime(token, issued + 60_000)).toBe(false);
    expect(needsNewFormTime(token, issued + FORM_TIME_MAX_AGE_S * 1000 + 1)).toBe(true);
    expect(needsNewFormTime({ state: 'missing' }, issued)).toBe(true);
    expect(needsNewFormTime({ state: 'forged' }, issued)).toBe(true);
  });

  it('finds its cookie among others', () => {
    expect(cookieValue('a=1; tb_form_time=abc.def; b=2', 'tb_form_time')).toBe('abc.def');
    expect(cookieValue('a=1', 'tb_form_time')).toBeUndefined();
    expect(cookieValue(undefined, 'tb_form_time')).toBeUndefined();
  });
});
