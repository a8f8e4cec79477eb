import type { RuntimeConfig } from '@shared/runtime-config';
import {
  PASSKEY_PAGES_PERMISSIONS_POLICY,
  PERMISSIONS_POLICY,
} from '../platform/http/permissions-policy';
import { pagePolicy, type InlineHashes } from './page-policy';

/** The built-in questionnaire: /typeform frames it, so our own origin may. */
const FRAMEABLE_BY_SELF = new Set(['/questionnaire']);

/** Radix Dialog (the admin's confirmations) adds a <style> whose text depends on the browser. */
const RUNTIME_STYLE_ELEMENTS = new Set(['/admin']);

/** The admin's pages: no tracking, no other origin (they show personal data, 062); passkeys. */
export const ADMIN_PAGES: ReadonlySet<string> = new Set(['/admin', '/admin/invite']);

/** A page's run-time config: the admin's has no pixel and no external questionnaire. */
export function pageRuntime(route: string | null, runtime: RuntimeConfig): RuntimeConfig {
  if (route === null || !ADMIN_PAGES.has(route)) return runtime;
  return { ...runtime, metaPixelId: null, questionnaireUrl: null };
}

/** A page's CSP, X-Frame-Options and permissions policy; `route` null: the not-found page. */
export function pageHeaders(
  route: string | null,
  runtime: RuntimeConfig,
  hashes: InlineHashes,
): Record<string, string> {
  const frameableBySelf = route !== null && FRAMEABLE_BY_SELF.has(route);
  return {
    'Content-Security-Policy': pagePolicy(pageRuntime(route, runtime), hashes, {
      frameableBySelf,
      runtimeStyleElements: route !== null && RUNTIME_STYLE_ELEMENTS.has(route),
    }),
    'X-Frame-Options': frameableBySelf ? 'SAMEORIGIN' : 'DENY',
    'Permissions-Policy':
      route !== null && ADMIN_PAGES.has(route)
        ? PASSKEY_PAGES_PERMISSIONS_POLICY
        : PERMISSIONS_POLICY,
  };
}
