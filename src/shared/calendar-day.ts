/** A UTC day, as the reports, the bounds and the funnel count days. */
export const DAY_MS = 86_400_000;

/** The UTC day of `time` (milliseconds) as YYYY-MM-DD. */
export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
