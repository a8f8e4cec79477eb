/**
 * The fields that carry a value: a later step never erases data with a blank. NUL is dropped:
 * PostgreSQL text cannot hold it.
 */
export function presentValues<T extends Record<string, string | null | undefined>>(
  fields: T,
): Partial<Record<keyof T, string>> {
  const out: Partial<Record<keyof T, string>> = {};
  for (const [key, value] of Object.entries(fields) as [keyof T, T[keyof T]][]) {
    const clean = typeof value === 'string' ? value.replaceAll('\u0000', '') : '';
    if (clean.trim() !== '') out[key] = clean;
  }
  return out;
}
