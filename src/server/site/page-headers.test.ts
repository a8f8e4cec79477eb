import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG } from '@shared/runtime-config';
import { directives } from '../../../tests/support/content-security-policy';
import { pageHeaders, pageRuntime, type InlineHashes } from './page-policy';

const hashes: InlineHashes = { scripts: [], styles: ["'sha256-STYLE='"] };

describe('pageHeaders', () => {
  it('keeps every page out of frames except the built-in questionnaire', () => {
    for (const route of ['/', '/typeform', '/admin', null]) {
      const headers = pageHeaders(route, DEFAULT_RUNTIME_CONFIG, hashes);
      expect(headers['X-Frame-Options']).toBe('DENY');
      expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    }
    const questionnaire = pageHeaders('/questionnaire', DEFAULT_RUNTIME_CONFIG, hashes);
    expect(questionnaire['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(questionnaire['Content-Security-Policy']).toContain("frame-ancestors 'self'");
  });

  it('allows inline style elements on /admin only', () => {
    const elementSources = (route: string | null) =>
      directives(pageHeaders(route, DEFAULT_RUNTIME_CONFIG, hashes)['Content-Security-Policy']!)[
        'style-src-elem'
      ];
    expect(elementSources('/admin')).toContain("'unsafe-inline'");
    for (const route of ['/', '/candidates', '/questionnaire', null])
      expect(elementSources(route)).not.toContain("'unsafe-inline'");
  });
});

describe('pageHeaders of /admin', () => {
  const configured = {
    ...DEFAULT_RUNTIME_CONFIG,
    metaPixelId: '1234567890',
    questionnaireUrl: 'https://forms.example.test/t/abc',
  };
  const originsOf = (route: string) =>
    pageHeaders(route, configured, hashes)['Content-Security-Policy']!.match(/https?:\/\/[^\s;]+/g);

  it('names no origin but its own, even with a pixel id and an external questionnaire', () => {
    expect(originsOf('/admin')).toBeNull();
    // The same config lets Meta and the questionnaire into a public page.
    expect(originsOf('/')).toEqual(
      expect.arrayContaining(['https://connect.facebook.net', 'https://forms.example.test']),
    );
  });

  it('gives /admin a run-time config without pixel id or questionnaire', () => {
    expect(pageRuntime('/admin', configured)).toEqual({
      ...configured,
      metaPixelId: null,
      questionnaireUrl: null,
    });
    expect(pageRuntime('/', configured)).toBe(configured);
    expect(pageRuntime(null, configured)).toBe(configured);
  });

  it('lets /admin use passkeys for its own origin; every other page denies them', () => {
    const policy = (route: string | null) =>
      pageHeaders(route, DEFAULT_RUNTIME_CONFIG, hashes)['Permissions-Policy'];
    for (const route of ['/admin', '/admin/invite']) {
      expect(policy(route)).toContain('publickey-credentials-get=(self)');
      expect(policy(route)).toContain('publickey-credentials-create=(self)');
    }
    for (const route of ['/', '/candidates', null]) {
      expect(policy(route)).toContain('publickey-credentials-get=()');
      expect(policy(route)).toContain('publickey-credentials-create=()');
    }
  });
});
