import { toJSONSchema } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

/* Schemas shared by the routes; a response schema drops what it does not list (decision 100). */

/** `{"error": "..."}`: every error answer of the API. */
export const errorBody = {
  type: 'object',
  properties: { error: { type: 'string' } },
  required: ['error'],
} as const;

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

/** Text that may be blank (NULL): most stored fields. */
export const nullableText = { type: ['string', 'null'] } as const;

/** Path parameters naming one row by its id. */
export const idParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id'],
} as const;

/** A name a person gives (an account, a passkey): at least one character besides spaces. */
export const displayName = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  pattern: '\\S',
} as const;

/** An answer without a body. */
export const noContent = (description: string) => ({ type: 'null', description });

/** A value of `type` or null. */
export const nullable = (type: string) => ({ type: [type, 'null'] });

/** An object with these properties, every one required (a response lists each field it has). */
export const objectOf = <Properties extends Record<string, object>>(
  properties: Properties,
  description?: string,
) => ({
  type: 'object' as const,
  ...(description ? { description } : {}),
  properties,
  required: Object.keys(properties),
});

/** An array of objects with these properties; `allRequired` makes every one required. */
export const arrayOfObjects = (properties: Record<string, object>, allRequired = false) => ({
  type: 'array',
  items: {
    type: 'object',
    properties,
    ...(allRequired ? { required: Object.keys(properties) } : {}),
  },
});

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
  }) as Record<string, unknown>;
  return json;
}
