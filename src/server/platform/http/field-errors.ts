/* A schema's refusals in the API's words (one 400 shape everywhere), never the validator's. */

export const INVALID_FIELDS_MESSAGE = 'Please check the highlighted fields';

export type FieldErrors = Record<string, string>;

/** What ajv reports of one refusal (its ErrorObject, as Fastify's `validation` holds it). */
interface Refusal {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'Must be text',
  number: 'Must be a number',
  integer: 'Must be a whole number',
  boolean: 'Must be true or false',
  object: 'Must be an object',
  array: 'Must be a list',
  null: 'Must be null',
};

const FORMAT_WORDS: Record<string, string> = {
  date: 'Must be a date (YYYY-MM-DD)',
  email: 'Must be an e-mail address',
};

/** `filter.status` of `/filter/status`, `ids` of `/ids/0`, `body` of the body itself. */
function fieldOf({ instancePath, params }: Refusal): string {
  const { missingProperty, additionalProperty } = params as Record<string, string | undefined>;
  const path = instancePath.split('/').filter((part) => part !== '' && !/^\d+$/.test(part));
  const named = missingProperty ?? additionalProperty;
  return [...path, ...(named === undefined ? [] : [named])].join('.') || 'body';
}

/** What each keyword's refusal says, from its `limit` or its other params; others: Not valid. */
const KEYWORD_WORDS: Record<string, (limit: number, params: Record<string, unknown>) => string> = {
  required: () => 'Required',
  additionalProperties: () => 'Unknown field',
  enum: (_, params) => `Must be one of: ${(params.allowedValues as unknown[]).join(', ')}`,
  type: (_, params) => TYPE_WORDS[String(params.type).split(',')[0]!] ?? 'Not valid',
  minLength: (limit) => (limit <= 1 ? 'Required' : `At least ${limit} characters`),
  maxLength: (limit) => `At most ${limit} characters`,
  minimum: (limit) => `At least ${limit}`,
  maximum: (limit) => `At most ${limit}`,
  minItems: (limit) => `At least ${limit} ${limit === 1 ? 'item' : 'items'}`,
  maxItems: (limit) => `At most ${limit} items`,
  format: (_, params) => FORMAT_WORDS[String(params.format)] ?? 'Not valid',
};

const wordsOf = ({ keyword, params }: Refusal) =>
  KEYWORD_WORDS[keyword]?.(params.limit as number, params) ?? 'Not valid';

/** Each refused field with its first problem; `words` replace, by keyword, what one says. */
export function fieldErrorsOf(
  refusals: readonly Refusal[],
  words: Record<string, string> = {},
): FieldErrors {
  const fields: FieldErrors = {};
  for (const refusal of refusals) {
    fields[fieldOf(refusal)] ??= words[refusal.keyword] ?? wordsOf(refusal);
  }
  return fields;
}
