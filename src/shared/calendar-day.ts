/** A UTC day, as the reports, the bounds and the funnel count days. */
export const DAY_MS = 86_400_000;

/** The UTC day of `time` (milliseconds) as YYYY-MM-DD. */
export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A real calendar day as YYYY-MM-DD (2024-02-30 is not one): the funnel's range, spend's days, the calls' days. */
export function isCalendarDay(text: string | undefined): text is string {
  if (text === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00.000Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}
