import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG } from '../../shared/runtime-config';
import { directives } from '../../../tests/support/content-security-policy';
import type { InlineHashes } from '../platform/http/content-security-policy';
import { pageHeaders } from './page-headers';

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
