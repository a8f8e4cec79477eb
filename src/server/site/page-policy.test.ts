import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '@shared/runtime-config';
import { directives } from '../../../tests/support/content-security-policy';
import { API_POLICY } from '../platform/http/security-headers';
import { pagePolicy, type InlineHashes } from './page-policy';

const hashes: InlineHashes = { scripts: [], styles: ["'sha256-STYLE='"] };
const configured: RuntimeConfig = {
  metaPixelId: '1234567890123',
  consentMode: 'notice',
  questionnaireUrl: 'https://forms.fillout.com/t/abc?ref=ad#start',
};
const page = { frameableBySelf: false, runtimeStyleElements: false };

describe('pagePolicy', () => {
  it('allows nothing foreign when neither the pixel nor a questionnaire is configured', () => {
    expect(pagePolicy(DEFAULT_RUNTIME_CONFIG, hashes, page)).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "style-src-elem 'self' 'sha256-STYLE='",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "frame-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ].join('; '),
    );
  });

  it("adds exactly Meta's origins and the questionnaire's origin when configured", () => {
    const policy = directives(pagePolicy(configured, hashes, page));
    expect(policy['script-src']).toEqual(["'self'", 'https://connect.facebook.net']);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https://www.facebook.com']);
    expect(policy['connect-src']).toEqual([
      "'self'",
      'https://www.facebook.com',
      'https://connect.facebook.net',
    ]);
    // The origin only: path, query and hash of the configured URL do not belong in a source.
    expect(policy['frame-src']).toEqual(["'self'", 'https://forms.fillout.com']);
    expect(policy['default-src']).toEqual(["'self'"]);
  });

  it('takes each configured origin on its own', () => {
    const pixelOnly = directives(
      pagePolicy({ ...DEFAULT_RUNTIME_CONFIG, metaPixelId: '1234567890123' }, hashes, page),
    );
    expect(pixelOnly['frame-src']).toEqual(["'self'"]);
    expect(pixelOnly['script-src']).toContain('https://connect.facebook.net');
    const questionnaireOnly = directives(
      pagePolicy(
        { ...DEFAULT_RUNTIME_CONFIG, questionnaireUrl: configured.questionnaireUrl },
        hashes,
        page,
      ),
    );
    expect(questionnaireOnly['script-src']).toEqual(["'self'"]);
    expect(questionnaireOnly['connect-src']).toEqual(["'self'"]);
    expect(questionnaireOnly['img-src']).toEqual(["'self'", 'data:']);
  });

  it('never lets script run inline or from strings, whatever the config', () => {
    for (const config of [DEFAULT_RUNTIME_CONFIG, configured]) {
      const script = directives(pagePolicy(config, hashes, page))['script-src'];
      expect(script).not.toContain("'unsafe-inline'");
      expect(script).not.toContain("'unsafe-eval'");
    }
  });

  it('allows the build-time hashes of inline scripts and style elements', () => {
    const policy = directives(
      pagePolicy(
        DEFAULT_RUNTIME_CONFIG,
        { scripts: ["'sha256-A='"], styles: ["'sha256-B='"] },
        page,
      ),
    );
    expect(policy['script-src']).toEqual(["'self'", "'sha256-A='"]);
    expect(policy['style-src-elem']).toEqual(["'self'", "'sha256-B='"]);
  });

  it('lets our own pages frame a page only when asked, and run-time style elements likewise', () => {
    const framed = directives(
      pagePolicy(DEFAULT_RUNTIME_CONFIG, hashes, { ...page, frameableBySelf: true }),
    );
    expect(framed['frame-ancestors']).toEqual(["'self'"]);
    const styled = directives(
      pagePolicy(DEFAULT_RUNTIME_CONFIG, hashes, { ...page, runtimeStyleElements: true }),
    );
    expect(styled['style-src-elem']).toEqual(["'self'", "'unsafe-inline'"]);
  });
});

describe('API_POLICY', () => {
  it('lets a JSON answer load nothing and be framed by nobody', () => {
    expect(API_POLICY).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
