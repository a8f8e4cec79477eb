import { describe, expect, it } from 'vitest';
import { availabilityOptions, relocationOptions, valuesOf, yesNoOptions } from '../enums';
import { questionnaireRequest, questionnaireSchema } from './questionnaire';
import { messagesOf, parsed } from '../../../tests/support/schema-messages';

const answers = {
  email: 'ada@example.com',
  availability: 'immediately',
  fullTime: 'yes',
  relocation: 'no',
  location: 'Austin, TX',
  motivation: 'I want a career in tech.',
};

describe('questionnaireSchema (built-in questionnaire)', () => {
  it('accepts a complete set of answers', () => {
    expect(parsed(questionnaireSchema, answers)).toEqual(answers);
  });

  it('reports every question with its message', () => {
    expect(messagesOf(questionnaireSchema, {})).toEqual({
      email: 'Please enter a valid email address',
      availability: 'Please tell us when you could start',
      fullTime: 'Please tell us whether you can train full time',
      relocation: 'Please tell us whether you could relocate',
      location: 'Location is required',
      motivation: 'Please tell us a little more (at least 10 characters)',
    });
  });

  it('needs a location of 2 and a motivation of 10 characters (after trimming)', () => {
    expect(
      messagesOf(questionnaireSchema, { ...answers, location: ' A ', motivation: ' 123456789 ' }),
    ).toEqual({
      location: 'Location is required',
      motivation: 'Please tell us a little more (at least 10 characters)',
    });
    expect(
      messagesOf(questionnaireSchema, { ...answers, location: 'AZ', motivation: '1234567890' }),
    ).toEqual({});
  });

  it.each(valuesOf(availabilityOptions))('accepts availability %s', (availability) => {
    expect(messagesOf(questionnaireSchema, { ...answers, availability })).toEqual({});
  });

  it.each(valuesOf(yesNoOptions))('accepts full time %s', (fullTime) => {
    expect(messagesOf(questionnaireSchema, { ...answers, fullTime })).toEqual({});
  });

  it.each(valuesOf(relocationOptions))('accepts relocation %s', (relocation) => {
    expect(messagesOf(questionnaireSchema, { ...answers, relocation })).toEqual({});
  });

  it('rejects values outside the option lists', () => {
    expect(
      messagesOf(questionnaireSchema, {
        ...answers,
        availability: 'never',
        fullTime: 'depends',
        relocation: 'maybe',
      }),
    ).toEqual({
      availability: 'Please tell us when you could start',
      fullTime: 'Please tell us whether you can train full time',
      relocation: 'Please tell us whether you could relocate',
    });
  });

  it('questionnaireRequest adds attribution and drops unknown keys', () => {
    expect(
      parsed(questionnaireRequest, { ...answers, attribution: { page: '/typeform' }, x: 1 }),
    ).toEqual({ ...answers, attribution: { page: '/typeform' } });
  });
});
