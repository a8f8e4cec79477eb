import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG } from '@shared/runtime-config';
import { BUILT_IN_QUESTIONNAIRE_PATH, embedSrc } from '@shared/questionnaire-embed';
import { questionnaireUrl } from './questionnaire-url';

describe('questionnaire URL', () => {
  it('embeds the built-in questionnaire until an external form is configured', () => {
    expect(questionnaireUrl(DEFAULT_RUNTIME_CONFIG)).toBe(BUILT_IN_QUESTIONNAIRE_PATH);
    expect(embedSrc(questionnaireUrl(DEFAULT_RUNTIME_CONFIG))).toBe(
      '/questionnaire?fillout-embed-id=application',
    );
  });

  it('embeds the configured external questionnaire', () => {
    const external = 'https://forms.fillout.com/t/abc';
    const config = { ...DEFAULT_RUNTIME_CONFIG, questionnaireUrl: external };
    expect(questionnaireUrl(config)).toBe(external);
    expect(embedSrc(questionnaireUrl(config))).toBe(`${external}?fillout-embed-id=application`);
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
