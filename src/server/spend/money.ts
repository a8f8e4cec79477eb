/* Amounts in the currency's minor unit, so sums are exact; ICU knows its digits (decision 165). */

const KNOWN = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 code this runtime knows (upper case). */
export const isCurrency = (code: string) => /^[A-Z]{3}$/.test(code) && KNOWN.has(code);

const digitsOf = new Map<string, number>();
/** The digits of the currency's minor unit; asked of ICU once per code (a file's every row asks). */
export function minorDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    digitsOf.set(currency, digits);
  }
  return digits;
}

/**
 * The largest amount a row stores, in minor units (100 billion USD, 6 million USD in rupiah): a
 * day's spend of one campaign, far below what would make a report's sums inexact.
 */
export const MAX_AMOUNT_MINOR = 10 ** 13;

const DECIMAL = /^(\d{1,12})(?:\.(\d+))?$/;

/** "12.34" as minor units (1234); undefined for anything but a plain decimal the currency fits. */
export function toMinorUnits(text: string, currency: string): number | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const digits = minorDigits(currency);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return undefined;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || 0);
}

/** Minor units as the plain decimal a spreadsheet reads ("1234.50"). */
export function toDecimal(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits);
}
