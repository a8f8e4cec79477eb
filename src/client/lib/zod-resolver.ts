import { set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import type { $ZodType, input, output } from 'zod/v4/core';
import { safeParseAsync } from 'zod/mini';

/** Any shared form schema: an object schema whose input and output are form values. */
export type FormSchema = $ZodType<FieldValues, FieldValues>;

/** A resolver for a shared schema: the browser checks the server's rules, first message each. */
export function zodResolver<Schema extends FormSchema>(
  schema: Schema,
): Resolver<input<Schema>, unknown, output<Schema>> {
  return async (values) => {
    const result = await safeParseAsync(schema, values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors = {};
    const named = new Set<string>();
    for (const issue of result.error.issues) {
      const name = issue.path.join('.');
      // Nested, as react-hook-form reads a list's row (`weekly.monday.0` is errors.weekly.monday[0]).
      if (!named.has(name)) set(errors, name, { type: issue.code, message: issue.message });
      named.add(name);
    }
    return { values: {}, errors: errors as FieldErrors<input<Schema>> };
  };
}
