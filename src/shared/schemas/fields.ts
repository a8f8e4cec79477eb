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

export const requiredText = (min: number, message: string, max = MAX_TEXT) =>
  trimmedString(message).check(
    z.minLength(min, { error: message }),
    z.maxLength(max, tooLong(max)),
  );

/** Only an API client can send a number or an object where the forms send text. */
export const NOT_TEXT = 'Please enter text';

/** Optional free text; absent becomes '' (the spec sends phone as '' when not given). */
export const optionalText = (max = MAX_TEXT) =>
  z.pipe(
    z.optional(z.string({ error: NOT_TEXT }).check(z.trim(), z.maxLength(max, tooLong(max)))),
    z.transform((value: string | undefined) => value ?? ''),
  );

export const choice = <const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) => z.enum(values, { error: message });
