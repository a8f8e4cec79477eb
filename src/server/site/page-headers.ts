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

/**
 * The admin area's pages. They run no tracking and talk to no origin but ours, whatever is
 * configured: they show leads' personal data (docs/decisions/041). They sign in or register with
 * passkeys, so WebAuthn is allowed for our origin (issue 22).
 */
export const ADMIN_PAGES: ReadonlySet<string> = new Set(['/admin', '/admin/invite']);

/**
 * The run-time config a page gets: on /admin no pixel id (so the client never loads Meta's
 * script) and no external questionnaire, so its CSP names no origin but its own.
 */
export function pageRuntime(route: string | null, runtime: RuntimeConfig): RuntimeConfig {
  if (route === null || !ADMIN_PAGES.has(route)) return runtime;
  return { ...runtime, metaPixelId: null, questionnaireUrl: null };
}

/**
 * The headers a page is sent with: its content security policy, the matching legacy
 * X-Frame-Options, and its permissions policy. `route` is null for the not-found page.
 */
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
