import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

/** Field -> first message, as the forms and the API show them; {} when `value` is valid. */
export function messagesOf(schema: $ZodType, value: unknown): Record<string, string> {
  const result = safeParse(schema, value);
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

/** The parsed value; throws with the messages when `value` is invalid. */
export function parsed<T>(schema: $ZodType<T>, value: unknown): T {
  const result = safeParse(schema, value);
  if (!result.success) throw new Error(JSON.stringify(messagesOf(schema, value)));
  return result.data;
}
