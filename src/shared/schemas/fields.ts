import * as z from 'zod/mini';

// Field builders of every schema; zod/mini, as the browser ships them (decision 004).

export const MAX_TEXT = 200;
export const MAX_LONG_TEXT = 4000;

const tooLong = (max: number) => ({ error: `Please keep this under ${max} characters` });

const trimmedString = (message: string) => z.string({ error: message }).check(z.trim());

export const emailField = (message: string) =>
  z.pipe(
    trimmedString(message).check(z.maxLength(254, { error: message })),
    z.email({ error: message }),
  );

/** A one-line field refuses control characters (CR and LF included): a name is never two lines. */
export const SINGLE_LINE_MESSAGE = 'Please use a single line without special characters.';
const singleLine = z.regex(/^[^\p{Cc}\u2028\u2029]*$/u, { error: SINGLE_LINE_MESSAGE });

const required = (
  min: number,
  message: string,
  max: number,
  ...checks: z.core.$ZodCheck<string>[]
) =>
  trimmedString(message).check(
    z.minLength(min, { error: message }),
    z.maxLength(max, tooLong(max)),
    ...checks,
  );

export const requiredText = (min: number, message: string, max = MAX_TEXT) =>
  required(min, message, max);

/** A required one-line field: a name, place, company or title. */
export const requiredLine = (min: number, message: string) =>
  required(min, message, MAX_TEXT, singleLine);

/** Only an API client can send a number or an object where the forms send text. */
export const NOT_TEXT = 'Please enter text';

/** Absent becomes '' (the spec sends phone as '' when not given). */
const optional = (max: number, ...checks: z.core.$ZodCheck<string>[]) =>
  z.pipe(
    z.optional(
      z.string({ error: NOT_TEXT }).check(z.trim(), z.maxLength(max, tooLong(max)), ...checks),
    ),
    z.transform((value: string | undefined) => value ?? ''),
  );

/** Optional free text. */
export const optionalText = (max = MAX_TEXT) => optional(max);

/** An optional one-line field (the phone). */
export const optionalLine = (max = MAX_TEXT) => optional(max, singleLine);

export const choice = <const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) => z.enum(values, { error: message });
