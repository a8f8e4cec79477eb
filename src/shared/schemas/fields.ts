import * as z from 'zod/mini';
import { postedBy, type AnyFields, type LeadField } from '../lead-field';
import type { LeadForm } from '../lead-vocabulary';

// Field builders of every schema; zod/mini, as the browser ships them.

export const MAX_TEXT = 200;
export const MAX_LONG_TEXT = 4000;

const tooLong = (max: number) => ({ error: `Please keep this under ${max} characters` });

// Text is measured as sent, then trimmed for every other check: the API document can then say
// the bound with maxLength (platform/http/trimmed-text-schema.ts).
const trimmedText = (error: string, max: number, maxError = tooLong(max)) =>
  z.string({ error }).check(z.maxLength(max, maxError), z.trim());

export const emailField = (message: string) =>
  trimmedText(message, 254, { error: message }).check(z.email({ error: message }));

// A one-line field refuses control characters (C0, C1, CR, LF), line and paragraph separators
// and the bidirectional controls (U+061C, U+200E/F, U+202A-E, U+2066-9) that reverse a name.
export const SINGLE_LINE_MESSAGE = 'Please use a single line without special characters.';
/** The characters of SINGLE_LINE_PATTERN's class (the API document trims around them too). */
export const NOT_IN_A_LINE =
  '\\p{Cc}\\u2028\\u2029\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069';
export const SINGLE_LINE_PATTERN = new RegExp(`^[^${NOT_IN_A_LINE}]*$`, 'u');
const singleLine = z.regex(SINGLE_LINE_PATTERN, { error: SINGLE_LINE_MESSAGE });

export const requiredText = (
  min: number,
  message: string,
  max = MAX_TEXT,
  ...checks: z.core.$ZodCheck<string>[]
) => trimmedText(message, max).check(z.minLength(min, { error: message }), ...checks);

/** A required one-line field: a name, place, company or title. */
export const requiredLine = (min: number, message: string) =>
  requiredText(min, message, MAX_TEXT, singleLine);

/** Only an API client can send a number or an object where the forms send text. */
export const NOT_TEXT = 'Please enter text';

/** Absent becomes '' (the spec sends phone as '' when not given). */
export const optionalText = (max = MAX_TEXT, ...checks: z.core.$ZodCheck<string>[]) =>
  z.pipe(
    z.optional(trimmedText(NOT_TEXT, max).check(...checks)),
    z.transform((value: string | undefined) => value ?? ''),
  );

export const optionalLine = (max = MAX_TEXT) => optionalText(max, singleLine);

export const choice = <const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) => z.enum(values, { error: message });

/** Blank or one of `values`; blank parses as absent, so an unanswered question adds nothing. */
export const optionalChoice = (values: readonly string[]) =>
  z.pipe(
    z.optional(z.enum(['', ...values], { error: 'Please select one of the options' })),
    z.transform((value: string | undefined) => value || undefined),
  );

/** The name a form posts each optional field of `Fields` under, for the fields `Form` posts. */
type OptionalPosted<Fields extends AnyFields, Form extends LeadForm> = {
  [Name in keyof Fields]: Fields[Name] extends { optional: unknown; forms: readonly (infer F)[] }
    ? Form extends F
      ? Fields[Name] extends { posted: infer Posted extends string }
        ? Posted
        : Name
      : never
    : never;
}[keyof Fields];

/** The rule of an optional field (LeadField.optional). */
function optionalRule(field: LeadField) {
  if (field.options) return optionalChoice(field.options.map((option) => option.value));
  const { max } = field.optional === true ? { max: MAX_TEXT } : field.optional!;
  return field.multiline ? optionalText(max) : optionalLine(max);
}

/** The contract's rules of the optional fields `form` posts, for its schema to spread. */
export const optionalFields = <Fields extends AnyFields, Form extends LeadForm>(
  fields: Fields,
  form: Form,
) =>
  Object.fromEntries(
    postedBy(fields, form)
      .filter((field) => field.optional)
      .map((field) => [field.name, optionalRule(field)]),
  ) as Record<OptionalPosted<Fields, Form>, ReturnType<typeof optionalText>>;
