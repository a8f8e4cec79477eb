import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  emailField,
  optionalLine,
  optionalText,
  requiredLine,
  requiredText,
} from '@shared/schemas/fields';
import { bodySchemaOf } from './api-schemas';

/* The API document's text fields take exactly what the shared schemas' fields take. */

const MESSAGE = 'Custom message';
const fields = {
  'a required line': requiredLine(1, MESSAGE),
  'a required line of 2 or more': requiredLine(2, MESSAGE),
  'an optional line': optionalLine(40),
  'a required text of 10 or more': requiredText(10, MESSAGE, 4000),
  'an optional text': optionalText(4000),
  'an e-mail': emailField(MESSAGE),
};
/** Letters, white space at either end or inside, control and bidirectional characters. */
const character = fc.constantFrom(
  ...['a', 'Z', 'é', '李', '@', '.', '-', 'x'],
  ...[' ', '\t', '\n', '\r', '\u00a0', '\u3000', '\u2028'],
  ...['\u0000', '\u0085', '\u202E', '\u200E', '\u061C', '\u2067'],
);
const text = fc.oneof(
  fc.string({ unit: character, maxLength: 12 }),
  fc
    .tuple(
      fc.constantFrom('', ' ', '\n\t '),
      fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,8}@[a-z]{1,6}\.[a-z]{2,4}$/),
      fc.constantFrom('', ' ', ' \r\n'),
    )
    .map(([before, address, after]) => `${before}${address}${after}`),
  fc.nat({ max: 4010 }).map((length) => `${' '.repeat(length % 7)}${'x'.repeat(length)} `),
);

describe('the documented text fields', () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });

  it.each(Object.entries(fields))(
    '%s takes what the server takes, and only that',
    (_name, field) => {
      const { properties } = bodySchemaOf(z.object({ value: field })) as {
        properties: { value: object };
      };
      const documented = ajv.compile(properties.value);
      fc.assert(
        fc.property(text, (value) => {
          expect(documented(value), JSON.stringify(value)).toBe(z.safeParse(field, value).success);
        }),
        { numRuns: 300 },
      );
    },
  );

  it('refuses a blank required text, as the server does', () => {
    const { properties } = bodySchemaOf(z.object({ value: fields['a required line'] })) as {
      properties: { value: object };
    };
    expect(ajv.validate(properties.value, '   ')).toBe(false);
    expect(ajv.validate(properties.value, ' Lovelace\n')).toBe(true);
  });
});
