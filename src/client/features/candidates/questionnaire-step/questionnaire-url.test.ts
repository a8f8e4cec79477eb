import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG } from '@shared/runtime-config';
import { readRuntimeConfig } from '../../../lib/runtime-config';
import { BUILT_IN_QUESTIONNAIRE_PATH, embedSrc } from '@shared/questionnaire-embed';
import { questionnaireUrl } from './questionnaire-url';

vi.mock('../../../lib/runtime-config', () => ({ readRuntimeConfig: vi.fn() }));
const runtime = vi.mocked(readRuntimeConfig);

describe('questionnaire URL', () => {
  afterEach(() => runtime.mockReset());

  it('embeds the built-in questionnaire until an external form is configured', () => {
    runtime.mockReturnValue(DEFAULT_RUNTIME_CONFIG);
    expect(questionnaireUrl()).toBe(BUILT_IN_QUESTIONNAIRE_PATH);
    expect(embedSrc(questionnaireUrl())).toBe('/questionnaire?fillout-embed-id=application');
  });

  it('embeds the configured external questionnaire', () => {
    const external = 'https://forms.fillout.com/t/abc';
    runtime.mockReturnValue({ ...DEFAULT_RUNTIME_CONFIG, questionnaireUrl: external });
    expect(questionnaireUrl()).toBe(external);
    expect(embedSrc(questionnaireUrl())).toBe(`${external}?fillout-embed-id=application`);
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
