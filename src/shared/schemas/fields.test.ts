import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  choice,
  emailField,
  MAX_LONG_TEXT,
  MAX_TEXT,
  NOT_TEXT,
  optionalLine,
  optionalText,
  requiredLine,
  requiredText,
  SINGLE_LINE_MESSAGE,
  SINGLE_LINE_PATTERN,
} from './fields';
import { messagesOf, parsed } from '../../../tests/support/schema-messages';

const MESSAGE = 'Custom message';

describe('emailField', () => {
  const email = emailField(MESSAGE);

  it('accepts an address and trims it', () => {
    expect(parsed(email, '  ada@example.com ')).toBe('ada@example.com');
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['a number', 42],
    ['empty', ''],
    ['blank', '   '],
    ['no @', 'ada.example.com'],
    ['no domain', 'ada@'],
    ['no local part', '@example.com'],
    ['a space inside', 'ada lovelace@example.com'],
    ['over 254 characters', `${'a'.repeat(64)}@${'b'.repeat(190)}.com`],
  ])('rejects %s with its own message', (_case, value) => {
    expect(messagesOf(email, value)).toEqual({ '': MESSAGE });
  });
});

describe('requiredText', () => {
  it('trims, then needs at least `min` characters', () => {
    const two = requiredText(2, MESSAGE);
    expect(parsed(two, ' Al ')).toBe('Al');
    expect(messagesOf(two, ' A ')).toEqual({ '': MESSAGE });
    expect(messagesOf(two, '')).toEqual({ '': MESSAGE });
    expect(messagesOf(two, undefined)).toEqual({ '': MESSAGE });
    expect(messagesOf(two, 12)).toEqual({ '': MESSAGE });
  });

  it(`caps length at ${MAX_TEXT} characters by default, or at the given maximum`, () => {
    expect(parsed(requiredText(1, MESSAGE), 'x'.repeat(MAX_TEXT))).toHaveLength(MAX_TEXT);
    expect(messagesOf(requiredText(1, MESSAGE), 'x'.repeat(MAX_TEXT + 1))).toEqual({
      '': `Please keep this under ${MAX_TEXT} characters`,
    });
    expect(
      messagesOf(requiredText(1, MESSAGE, MAX_LONG_TEXT), 'x'.repeat(MAX_LONG_TEXT + 1)),
    ).toEqual({ '': `Please keep this under ${MAX_LONG_TEXT} characters` });
  });
});

describe('optionalText', () => {
  const text = optionalText(10);

  it("turns absent into '' and trims what is given", () => {
    expect(parsed(text, undefined)).toBe('');
    expect(parsed(text, '  hi ')).toBe('hi');
  });

  it('caps length', () => {
    expect(messagesOf(text, 'x'.repeat(11))).toEqual({
      '': 'Please keep this under 10 characters',
    });
  });

  it('names a value that is not text, rather than a generic error', () => {
    for (const value of [42, { text: 'hi' }, ['hi'], null]) {
      expect(messagesOf(text, value)).toEqual({ '': NOT_TEXT });
    }
  });
});

describe('requiredLine and optionalLine', () => {
  it.each([
    ['a line feed', 'Ada\nhttps://evil.example'],
    ['a carriage return', 'Ada\rLovelace'],
    ['a tab', 'Ada\tLovelace'],
    ['an escape', 'Ada\u001b[31m'],
    ['a line separator', 'Ada\u2028Lovelace'],
    ['a C1 control', 'Ada\u0085Lovelace'],
    ['a right-to-left override', 'Ada\u202Eecalevol'],
    ['a left-to-right mark', 'Ada\u200ELovelace'],
    ['an Arabic letter mark at the start', '\u061CAda'],
    ['a first-strong isolate at the end', 'Ada\u2068'],
  ])('refuse %s with their own message', (_case, value) => {
    expect(messagesOf(requiredLine(1, MESSAGE), value)).toEqual({ '': SINGLE_LINE_MESSAGE });
    expect(messagesOf(optionalLine(40), value)).toEqual({ '': SINGLE_LINE_MESSAGE });
  });

  it('take any script and trim line breaks at the ends', () => {
    expect(parsed(requiredLine(1, MESSAGE), ' José Ñúñez-Łukasz 李 \n')).toBe(
      'José Ñúñez-Łukasz 李',
    );
    expect(parsed(optionalLine(40), '+1 (555) 010-0100')).toBe('+1 (555) 010-0100');
  });

  /** Every character a one-line field refuses (C0, C1, separators, bidirectional controls). */
  const refused = fc.constantFrom(
    ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
    ...Array.from({ length: 0x21 }, (_, code) => String.fromCharCode(0x7f + code)),
    '\u2028',
    '\u2029',
    '\u061C',
    '\u200E',
    '\u200F',
    ...['\u202A', '\u202B', '\u202C', '\u202D', '\u202E'],
    ...['\u2066', '\u2067', '\u2068', '\u2069'],
  );
  const plain = fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 16 })
    .filter((text) => SINGLE_LINE_PATTERN.test(text) && text.trim() !== '');

  it('refuse any of those characters between two words, whatever the words', () => {
    fc.assert(
      fc.property(plain, refused, plain, (before, character, after) => {
        const value = `${before}${character}${after}`;
        expect(messagesOf(requiredLine(1, MESSAGE), value)).toEqual({ '': SINGLE_LINE_MESSAGE });
        expect(messagesOf(optionalLine(MAX_TEXT), value)).toEqual({ '': SINGLE_LINE_MESSAGE });
      }),
    );
  });

  it('take any text without them, in any script, trimmed', () => {
    fc.assert(
      fc.property(plain, (value) => {
        expect(parsed(requiredLine(1, MESSAGE), value)).toBe(value.trim());
        expect(parsed(optionalLine(MAX_TEXT), value)).toBe(value.trim());
      }),
    );
  });

  it('keep the required message first', () => {
    expect(messagesOf(requiredLine(1, MESSAGE), ' ')).toEqual({ '': MESSAGE });
  });
});

describe('choice', () => {
  const colour = choice(['red', 'blue'] as const, MESSAGE);

  it('accepts the listed values only, with its message for anything else', () => {
    expect(parsed(colour, 'red')).toBe('red');
    expect(parsed(colour, 'blue')).toBe('blue');
    for (const value of ['green', '', 'RED', undefined, 1]) {
      expect(messagesOf(colour, value)).toEqual({ '': MESSAGE });
    }
  });
});
