import { safeParse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import type { FieldErrors } from '../../../platform/http/field-errors';

export { INVALID_FIELDS_MESSAGE, type FieldErrors } from '../../../platform/http/field-errors';

/** The value without NUL in its texts: PostgreSQL text cannot hold one (fuzz test). */
export function withoutNul(value: unknown): unknown {
  if (!hasNul(value)) return value; // nearly every body: not copied
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutNul(item)]));
}

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null) return false;
  for (const item of Object.values(value)) if (hasNul(item)) return true;
  return false;
}

/** Validates with a shared schema after dropping NULs; a non-object is checked as {}. */
export function validateBody<Schema extends $ZodType>(
  schema: Schema,
  body: unknown,
): { ok: true; data: output<Schema> } | { ok: false; fields: FieldErrors } {
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  const result = safeParse(schema, isObject ? withoutNul(body) : {});
  if (result.success) return { ok: true, data: result.data };
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    fields[issue.path.join('.') || 'body'] ??= issue.message;
  }
  return { ok: false, fields };
}
