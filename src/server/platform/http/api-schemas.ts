import { toJSONSchema } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { objectOf, text } from '@shared/json-schema';
import { describeTrimmedText } from './trimmed-text-schema';

export { arrayOfObjects, listOf, nullable, nullableText, objectOf } from '@shared/json-schema';

/* Schemas shared by the routes; a response schema drops what it does not list (decision 100). */

/** `{"error": "..."}`: every error answer of the API. */
export const errorBody = objectOf({ error: text });

/** 400 of a body checked field by field: the message and, by field, what is wrong. */
export const fieldErrorsBody = {
  type: 'object',
  description: 'Bad input, nothing changed: `fields` names each bad field with its message',
  properties: {
    error: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['error'],
} as const;

/** A row's id: PostgreSQL's `integer` ends at 2^31 - 1, so a larger one is bad input, not a 500. */
export const rowId = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

export const idParams = objectOf({ id: rowId });

/** A name a person gives (an account, a passkey): at least one character besides spaces. */
export const displayName = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  pattern: '\\S',
} as const;

export const noContent = (description: string) => ({ type: 'null', description });

/** A response header telling when to try again. */
export const retryAfterHeader = {
  'Retry-After': { type: 'integer', minimum: 0, description: 'Seconds to wait before retrying' },
} as const;

/** An error answer with a description (and headers), for a route's `response` map. */
export const describedError = (description: string, headers?: Record<string, object>) => ({
  ...errorBody,
  description,
  ...(headers ? { headers } : {}),
});

/** A shared zod schema's input as JSON Schema, for documentation: the handler runs zod. */
export function bodySchemaOf(schema: $ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'string') {
        describeTrimmedText(
          zodSchema._zod.def.checks?.map((check) => check._zod.def) ?? [],
          jsonSchema,
        );
      }
    },
  }) as Record<string, unknown>;
  return json;
}
