import { createHash } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { routeMeta } from '../../../src/client/app/route-meta';
import { ADMIN_PAGES } from '../../../src/server/site/page-policy';
import { expect } from '../fixtures';

/**
 * The security headers every response must carry (issue 5, decision 041), written out here
 * literally rather than taken from the server's builder, so a change to the builder shows.
 */

/** Every page route, the not-found page and a JSON answer. */
export const PAGE_PATHS = [...routeMeta.map((route) => route.path), '/no-such-page'];
/** The admin area's pages, as the server lists them: their own origin only, and passkeys. */
export const isAdminPage = (path: string) => ADMIN_PAGES.has(path);
export const API_PATH = '/api/health';

/** The origins a configured server lets in: Meta's pixel and the questionnaire. */
export interface Foreign {
  pixel: boolean;
  questionnaireOrigin: string | null;
}

export const NOTHING_FOREIGN: Foreign = { pixel: false, questionnaireOrigin: null };

const policyDenying = (passkeys: string) =>
  'accelerometer=(), autoplay=(), browsing-topics=(), camera=(), display-capture=(), ' +
  'geolocation=(), gyroscope=(), hid=(), idle-detection=(), interest-cohort=(), ' +
  `magnetometer=(), microphone=(), midi=(), payment=(), ${passkeys}` +
  'screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=(), fullscreen=(self)';
const PERMISSIONS_POLICY = policyDenying(
  'publickey-credentials-create=(), publickey-credentials-get=(), ',
);
/** /admin signs in and registers with passkeys, for its own origin only (issue 22). */
const ADMIN_PERMISSIONS_POLICY = `${policyDenying('')}, publickey-credentials-create=(self), publickey-credentials-get=(self)`;

/** Headers that are the same on every response. */
const COMMON = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': PERMISSIONS_POLICY,
};

const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The CSP source of the page's inline stylesheet, computed from the HTML it was sent with. */
function styleHashOf(html: string): string {
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)];
  expect(styles, 'one inline stylesheet').toHaveLength(1);
  return cspHash(styles[0]?.[1] ?? '');
}

/**
 * The CSP source of a public page's one inline script, the boot script (decision 164); data
 * blocks (JSON, JSON-LD) are never executed. The admin pages have none.
 */
function bootScriptHashOf(html: string): string {
  const scripts = [...html.matchAll(/<script( [^>]*)?>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes = '']) => !/ src=| type="application\//.test(attributes),
  );
  expect(scripts, 'one inline script').toHaveLength(1);
  return cspHash(scripts[0]?.[2] ?? '');
}

/** Every page's policy allows the build's inline scripts: the boot script, by its hash. */
function pagePolicy(path: string, html: string, foreign: Foreign, bootHash: string): string {
  const { pixel, questionnaireOrigin } = foreign;
  const styleElements = path === '/admin' ? "'unsafe-inline'" : styleHashOf(html);
  if (!isAdminPage(path)) expect(bootScriptHashOf(html), path).toBe(bootHash);
  return [
    "default-src 'self'",
    `script-src 'self' ${bootHash}${pixel ? ' https://connect.facebook.net' : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `style-src-elem 'self' ${styleElements}`,
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data:${pixel ? ' https://www.facebook.com' : ''}`,
    "font-src 'self'",
    `connect-src 'self'${pixel ? ' https://www.facebook.com https://connect.facebook.net' : ''}`,
    `frame-src 'self'${questionnaireOrigin ? ` ${questionnaireOrigin}` : ''}`,
    `frame-ancestors ${path === '/questionnaire' ? "'self'" : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** Every http(s) origin a policy names. */
export function foreignOriginsOf(policy: string): string[] {
  return [...new Set(policy.match(/https?:\/\/[^\s;]+/g) ?? [])].sort();
}

/** Fetches every page and the API and asserts each response's security headers exactly. */
export async function expectSecurityHeaders(request: APIRequestContext, foreign: Foreign) {
  const bootHash = bootScriptHashOf(await (await request.get('/')).text());
  for (const path of PAGE_PATHS) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
    const headers = response.headers();
    expect(headers['content-type'], path).toBe('text/html; charset=utf-8');
    expect(headers, path).toMatchObject({
      ...COMMON,
      // The admin area lets in no origin but its own, whatever is configured (decision 041).
      'content-security-policy': pagePolicy(
        path,
        await response.text(),
        isAdminPage(path) ? NOTHING_FOREIGN : foreign,
        bootHash,
      ),
      'x-frame-options': path === '/questionnaire' ? 'SAMEORIGIN' : 'DENY',
      'permissions-policy': isAdminPage(path) ? ADMIN_PERMISSIONS_POLICY : PERMISSIONS_POLICY,
    });
  }
  const api = await request.get(API_PATH);
  expect(api.status()).toBe(200);
  expect(api.headers()).toMatchObject({
    ...COMMON,
    'content-type': 'application/json; charset=utf-8',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  });
}
