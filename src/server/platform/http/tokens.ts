import { createHash, randomBytes } from 'node:crypto';

/** A random token for a cookie or a link: 32 bytes, base64url. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** SHA-256, hex: what is stored of a token, or of a key counted without being kept in clear. */
export const sha256Hex = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('hex');
