import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random token for a cookie or a link: 32 bytes, base64url. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** SHA-256, hex: what is stored of a token, or of a key counted without being kept in clear. */
export const sha256Hex = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('hex');

const mac = (key: Buffer, purpose: string, text: string) =>
  createHmac('sha256', key).update(`${purpose}.${text}`).digest('base64url');

/** `<text>.<HMAC>`: `text` (no dot) signed with `key` for `purpose`. */
export const signed = (key: Buffer, purpose: string, text: string) =>
  `${text}.${mac(key, purpose, text)}`;

/** The text of a `signed` value if `key` signed it for `purpose`; else undefined. */
export function signedText(key: Buffer, purpose: string, value: string): string | undefined {
  const [text = '', given = '', ...rest] = value.split('.');
  if (rest.length > 0) return undefined;
  const expected = Buffer.from(mac(key, purpose, text));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? text : undefined;
}
