import type { RuntimeConfig } from '../../shared/runtime-config';
import { pagePolicy, type InlineHashes } from '../platform/http/content-security-policy';

/** The built-in questionnaire: /typeform frames it, so our own origin may. */
const FRAMEABLE_BY_SELF = new Set(['/questionnaire']);

/** Radix Dialog (the admin's confirmations) adds a <style> whose text depends on the browser. */
const RUNTIME_STYLE_ELEMENTS = new Set(['/admin']);

/**
 * The headers a page is sent with: its content security policy and the matching legacy
 * X-Frame-Options. `route` is null for the not-found page.
 */
export function pageHeaders(
  route: string | null,
  runtime: RuntimeConfig,
  hashes: InlineHashes,
): Record<string, string> {
  const frameableBySelf = route !== null && FRAMEABLE_BY_SELF.has(route);
  return {
    'Content-Security-Policy': pagePolicy(runtime, hashes, {
      frameableBySelf,
      runtimeStyleElements: route !== null && RUNTIME_STYLE_ELEMENTS.has(route),
    }),
    'X-Frame-Options': frameableBySelf ? 'SAMEORIGIN' : 'DENY',
  };
}
