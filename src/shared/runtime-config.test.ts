import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, normalizeRuntimeConfig } from './runtime-config';

describe('normalizeRuntimeConfig', () => {
  it('keeps well-formed values', () => {
    const config = {
      metaPixelId: '123456789012345',
      consentMode: 'opt-in',
      questionnaireUrl: 'https://forms.fillout.com/t/abc',
    };
    expect(normalizeRuntimeConfig(config)).toEqual(config);
  });

  it('falls back to the defaults for anything else', () => {
    expect(normalizeRuntimeConfig(undefined)).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(
      normalizeRuntimeConfig({
        metaPixelId: 'abc',
        consentMode: 'always',
        questionnaireUrl: 'javascript:alert(1)',
      }),
    ).toEqual(DEFAULT_RUNTIME_CONFIG);
  });
});
