import { describe, expect, it } from 'vitest';
import { leadNoteSchema, MAX_NOTE_LENGTH, NOTE_MESSAGE } from './lead-note';
import { messagesOf, parsed } from '../../../tests/support/schema-messages';

describe('leadNoteSchema', () => {
  it('keeps a note of 1 to 5000 characters, trimmed', () => {
    expect(parsed(leadNoteSchema, { text: '  Called, no answer. ' })).toEqual({
      text: 'Called, no answer.',
    });
    expect(parsed(leadNoteSchema, { text: 'x'.repeat(MAX_NOTE_LENGTH) })).toEqual({
      text: 'x'.repeat(MAX_NOTE_LENGTH),
    });
  });

  it.each([
    ['an empty note', { text: '' }, NOTE_MESSAGE],
    ['only spaces', { text: '   ' }, NOTE_MESSAGE],
    ['no text', {}, NOTE_MESSAGE],
    ['a number', { text: 5 }, NOTE_MESSAGE],
  ])('refuses %s', (_case, body, message) => {
    expect(messagesOf(leadNoteSchema, body)).toEqual({ text: message });
  });

  it('refuses a note longer than 5000 characters and any other field', () => {
    expect(messagesOf(leadNoteSchema, { text: 'x'.repeat(MAX_NOTE_LENGTH + 1) })).toHaveProperty(
      'text',
    );
    expect(Object.keys(messagesOf(leadNoteSchema, { text: 'ok', extra: 1 }))).not.toEqual([]);
  });
});
