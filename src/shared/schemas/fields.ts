import { z } from 'zod';

/** Field builders shared by every form schema, so each rule is written once. */

export const MAX_TEXT = 200;
export const MAX_LONG_TEXT = 4000;

export const emailField = (message: string) =>
  z
    .string()
    .trim()
    .max(254, { error: message })
    .pipe(z.email({ error: message }));

export const requiredText = (min: number, message: string, max = MAX_TEXT) =>
  z
    .string({ error: message })
    .trim()
    .min(min, { error: message })
    .max(max, { error: `Please keep this under ${max} characters` });

/** Optional free text; absent becomes '' (the spec sends phone as '' when not given). */
export const optionalText = (max = MAX_TEXT) =>
  z
    .string()
    .trim()
    .max(max, { error: `Please keep this under ${max} characters` })
    .optional()
    .transform((value) => value ?? '');

export const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });
