import { createHmac } from 'node:crypto';
import { signed, signedText } from '../../../platform/http/tokens';

/* The unsubscribe token: the candidate's id and its HMAC. It never expires: old links must work. */

export const UNSUBSCRIBE_PATH = '/api/unsubscribe';

/** A key used for this token only. */
export const unsubscribeKey = (spamKey: Buffer) =>
  createHmac('sha256', spamKey).update('unsubscribe').digest();

export const unsubscribeToken = (key: Buffer, candidateId: number) =>
  signed(key, 'unsubscribe', `c${candidateId}`);

/** The candidate a token names, when we signed it. */
export function candidateOfUnsubscribeToken(key: Buffer, token: unknown): number | undefined {
  const text = typeof token === 'string' ? signedText(key, 'unsubscribe', token) : undefined;
  const match = text === undefined ? null : /^c([1-9][0-9]{0,15})$/.exec(text);
  return match ? Number(match[1]) : undefined;
}
