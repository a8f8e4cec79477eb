import { createHmac, timingSafeEqual } from 'node:crypto';

/* The unsubscribe token: the candidate's id and its HMAC. It never expires: old links must work. */

export const UNSUBSCRIBE_PATH = '/api/unsubscribe';

/** A key used for this token only. */
export const unsubscribeKey = (spamKey: Buffer) =>
  createHmac('sha256', spamKey).update('unsubscribe').digest();

const mac = (key: Buffer, candidateId: number) =>
  createHmac('sha256', key).update(`unsubscribe.c${candidateId}`).digest('base64url');

export const unsubscribeToken = (key: Buffer, candidateId: number) =>
  `c${candidateId}.${mac(key, candidateId)}`;

/** The candidate a token names, when we signed it. */
export function candidateOfUnsubscribeToken(key: Buffer, token: unknown): number | undefined {
  const match = typeof token === 'string' ? /^c([1-9][0-9]{0,15})\.([\w-]{43})$/.exec(token) : null;
  if (!match) return undefined;
  const id = Number(match[1]);
  const expected = Buffer.from(mac(key, id));
  const given = Buffer.from(match[2] as string);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}
