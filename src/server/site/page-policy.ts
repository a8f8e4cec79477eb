import type { RuntimeConfig } from '@shared/runtime-config';

/* The pages' content security policies (decision 041), built once from the run-time config. */

/** Meta Pixel: fbevents.js comes from connect.facebook.net, events go to www.facebook.com. */
export const META_PIXEL_ORIGINS = {
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

export interface PagePolicyOptions {
  /** Our own pages may frame this one (/questionnaire inside /typeform); else nobody may. */
  frameableBySelf: boolean;
  /** /admin makes <style> elements at run time (Radix Dialog) that cannot be hashed ahead. */
  runtimeStyleElements: boolean;
}

type Directives = [name: string, sources: readonly (string | false | null | undefined)[]][];

function serialize(directives: Directives): string {
  return directives
    .map(([name, sources]) => [name, ...sources.filter(Boolean)].join(' '))
    .join('; ');
}

/** The questionnaire's origin for frame-src, or null for the built-in one (ours). */
function questionnaireOrigin(url: string | null): string | null {
  return url === null ? null : new URL(url).origin;
}

export function pagePolicy(
  runtime: RuntimeConfig,
  hashes: InlineHashes,
  options: PagePolicyOptions,
): string {
  const pixel = runtime.metaPixelId !== null;
  return serialize([
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
    ['frame-src', ["'self'", questionnaireOrigin(runtime.questionnaireUrl)]],
    ['frame-ancestors', [options.frameableBySelf ? "'self'" : "'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ]);
}
