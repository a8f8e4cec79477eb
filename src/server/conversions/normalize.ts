import { sha256Hex } from '../platform/http/tokens';

/*
 * Meta's normalisation of customer information before hashing (decision 110); undefined when
 * nothing is left to send.
 */

/** em: trimmed, lower case. */
export function normalizeEmail(email: string | null | undefined): string | undefined {
  const value = email?.trim().toLowerCase();
  return value || undefined;
}

/**
 * fn / ln: lower case, no punctuation, UTF-8 kept ("Valéry" -> "valéry", "정" stays), trimmed.
 */
export function normalizeName(name: string | null | undefined): string | undefined {
  const value = name
    ?.normalize('NFC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, '')
    .trim();
  return value || undefined;
}

/** The country code assumed when a number has none: the site's visitors are in the US. */
const DEFAULT_COUNTRY_CODE = '1';

/**
 * ph: digits only, with the country code, no leading zeros. A number written with "+" or the
 * international "00" prefix has its code; an 11-digit number starting with 1 is a US number
 * with its code; any other number gets the US code: "(650)555-1212" -> "16505551212".
 */
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
