import type { RuntimeConfig } from '@shared/runtime-config';
import {
  PASSKEY_PAGES_PERMISSIONS_POLICY,
  PERMISSIONS_POLICY,
} from '../platform/http/permissions-policy';

/* The pages' security policies and headers (decision 041), built once from the run-time config. */

/** Meta Pixel: fbevents.js comes from connect.facebook.net, events go to www.facebook.com. */
const META_PIXEL_ORIGINS = {
  script: 'https://connect.facebook.net',
  beacon: 'https://www.facebook.com',
} as const;

/** Hashes of the inline elements of the built pages, computed by scripts/build.mjs. */
export interface InlineHashes {
  /** 'sha256-…' sources of inline executable scripts (the boot script: decision 164). */
  scripts: readonly string[];
  /** 'sha256-…' sources of inline <style> elements (the inlined stylesheet). */
  styles: readonly string[];
}

interface PagePolicyOptions {
  /** Our own pages may frame this one (/questionnaire inside /typeform); else nobody may. */
  frameableBySelf: boolean;
  /** /admin makes <style> elements at run time (Radix Dialog) that cannot be hashed ahead. */
  runtimeStyleElements: boolean;
}

type Directives = [name: string, sources: readonly (string | false | null | undefined)[]][];

export function pagePolicy(
  runtime: RuntimeConfig,
  hashes: InlineHashes,
  options: PagePolicyOptions,
): string {
  const pixel = runtime.metaPixelId !== null;
  const { questionnaireUrl } = runtime;
  const directives: Directives = [
    ['default-src', ["'self'"]],
    // No 'unsafe-inline' or 'unsafe-eval': our own files, the build's hashes, Meta's script.
    ['script-src', ["'self'", ...hashes.scripts, pixel && META_PIXEL_ORIGINS.script]],
    // Browsers without the -elem/-attr split (CSP 2) fall back to this one line.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    [
      'style-src-elem',
      options.runtimeStyleElements ? ["'self'", "'unsafe-inline'"] : ["'self'", ...hashes.styles],
    ],
    // React writes style attributes; attributes cannot run script or load anything.
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', pixel && META_PIXEL_ORIGINS.beacon]],
    ['font-src', ["'self'"]],
    [
      'connect-src',
      ["'self'", pixel && META_PIXEL_ORIGINS.beacon, pixel && META_PIXEL_ORIGINS.script],
    ],
    // The built-in questionnaire (null) is ours.
    ['frame-src', ["'self'", questionnaireUrl && new URL(questionnaireUrl).origin]],
    ['frame-ancestors', [options.frameableBySelf ? "'self'" : "'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
  return directives
    .map(([name, sources]) => [name, ...sources.filter(Boolean)].join(' '))
    .join('; ');
}

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
