import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
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
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      errors[issue.path.join('.')] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<input<Schema>> };
  };
}
