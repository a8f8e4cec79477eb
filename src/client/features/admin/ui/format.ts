import type { LeadKind } from '@shared/lead-status';

const numberFormat = new Intl.NumberFormat('en-US');
const dateStyle = { dateStyle: 'medium', timeStyle: 'short' } as const;
const dateFormat = new Intl.DateTimeFormat('en-US', dateStyle);
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A lead named by its kind and id, where its person's name is not at hand ("Candidate #12"). */
export const leadName = (kind: LeadKind, id: number) =>
  `${kind === 'company' ? 'Company' : 'Candidate'} #${id}`;

export const formatNumber = (value: number) => numberFormat.format(value);

/** A list's total; a search's count that stopped at its cap reads "1,000+". */
export const formatTotal = (total: number, capped: boolean) =>
  `${formatNumber(total)}${capped ? '+' : ''}`;

/** Spec section 9 ('Apr 18, 2025, 9:30 AM'), in the browser's zone or `timeZone` (the desk's). */
export function formatDate(value: string | null, timeZone?: string): string {
  if (!value) return '';
  const date = new Date(value);
  const format = timeZone
    ? new Intl.DateTimeFormat('en-US', { ...dateStyle, timeZone })
    : dateFormat;
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}

/** A calendar day ('2001-01-01') as the dashboard's dates read ('Jan 1, 2001'). */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

const formats: Record<string, Intl.NumberFormat> = {};
const formatOf = (currency: string) =>
  (formats[currency] ??= new Intl.NumberFormat('en-US', { style: 'currency', currency }));

/** An amount in minor units (cents, yen, fils) in the currency's major units (1234 USD → 12.34). */
export const majorUnits = (minor: number, currency: string) =>
  minor / 10 ** (formatOf(currency).resolvedOptions().maximumFractionDigits ?? 2);

/** An amount in minor units as text ("$12.34"); a dash when there is none. */
export const money = (minor: number | null, currency: string | null) =>
  minor === null || currency === null
    ? '—'
    : formatOf(currency).format(majorUnits(minor, currency));
