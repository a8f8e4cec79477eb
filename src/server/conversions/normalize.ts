import { sha256Hex } from '../platform/http/tokens';

/* Meta's normalisation before hashing (decision 110); undefined: nothing left to send. */

/** em: trimmed, lower case. */
export const normalizeEmail = (email: string | null | undefined) =>
  email?.trim().toLowerCase() || undefined;

/** fn / ln: lower case, no punctuation, UTF-8 kept ("Valéry" -> "valéry"), trimmed. */
export const normalizeName = (name: string | null | undefined) =>
  name
    ?.normalize('NFC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, '')
    .trim() || undefined;

/** The country code assumed when a number has none: the site's visitors are in the US. */
const DEFAULT_COUNTRY_CODE = '1';

/** ph: digits with the country code ("+", "00" or a leading 1 of 11 digits; else the US one). */
export function normalizePhone(phone: string | null | undefined): string | undefined {
  const raw = phone?.trim() ?? '';
  const digits = raw.replace(/\D/g, '');
  if (!digits) return undefined;
  const international = raw.startsWith('+') || digits.startsWith('00');
  const national = digits.replace(/^0+/, '');
  if (!national) return undefined;
  if (international) return national;
  if (national.length === 11 && national.startsWith(DEFAULT_COUNTRY_CODE)) return national;
  return `${DEFAULT_COUNTRY_CODE}${national}`;
}

/** SHA-256 hex of the normalised value, or undefined (the key is then left out). */
export const hashed = (value: string | undefined): string | undefined =>
  value === undefined ? undefined : sha256Hex(value);
