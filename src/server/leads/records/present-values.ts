/** The fields with a value (a blank never erases data), NUL dropped (PostgreSQL refuses it). */
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
