import { describe, expect, it } from 'vitest';
import { isFormSubmitMessage } from './embed-protocol';

describe('isFormSubmitMessage', () => {
  it("accepts Fillout's and Typeform's submit messages for our embed", () => {
    expect(
      isFormSubmitMessage({ type: 'form_submit', embedId: 'a', submissionUuid: 'u' }, 'a'),
    ).toBe(true);
    expect(isFormSubmitMessage({ type: 'form-submit', embedId: 'a' }, 'a')).toBe(true);
    expect(isFormSubmitMessage({ type: 'fillout:formSubmitted' }, 'a')).toBe(true);
    expect(isFormSubmitMessage('form_submit', 'a')).toBe(true);
  });

  it('ignores other embeds, other events and junk', () => {
    expect(isFormSubmitMessage({ type: 'form_submit', embedId: 'other' }, 'a')).toBe(false);
    expect(isFormSubmitMessage({ type: 'page_change', embedId: 'a' }, 'a')).toBe(false);
    expect(isFormSubmitMessage({ type: 'form_init' }, 'a')).toBe(false);
    expect(isFormSubmitMessage('hello', 'a')).toBe(false);
    expect(isFormSubmitMessage(null, 'a')).toBe(false);
    expect(isFormSubmitMessage(42, 'a')).toBe(false);
    expect(isFormSubmitMessage({ type: 7 }, 'a')).toBe(false);
  });
});
