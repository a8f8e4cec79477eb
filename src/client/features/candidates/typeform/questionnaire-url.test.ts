import { describe, expect, it } from 'vitest';
import { BUILT_IN_QUESTIONNAIRE_PATH, embedSrc, questionnaireUrl } from './questionnaire-url';

describe('questionnaire URL', () => {
  it('embeds the built-in questionnaire until an external form is configured', () => {
    expect(questionnaireUrl()).toBe(BUILT_IN_QUESTIONNAIRE_PATH);
    expect(embedSrc(questionnaireUrl())).toBe('/questionnaire?fillout-embed-id=application');
  });

  it('adds the embed id to external URLs, keeping their query and hash', () => {
    expect(embedSrc('https://forms.fillout.com/t/abc?src=ad', 'x y')).toBe(
      'https://forms.fillout.com/t/abc?src=ad&fillout-embed-id=x%20y',
    );
    expect(embedSrc('https://example.typeform.com/to/abc#email=a', 'id')).toBe(
      'https://example.typeform.com/to/abc?fillout-embed-id=id#email=a',
    );
  });
});
