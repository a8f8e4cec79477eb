import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { issueStatusLink } from '../../src/server/leads/workflows/people/status-link';
import type { LeadRef } from '../../src/server/leads/records/lead-tables';
import { tablesOf } from '../../src/server/platform/database/connection';
import { PAGE_STATE_ELEMENT_ID, type PageState } from '../../src/shared/page-state';
import { fakeSiteBuild, type TestApp } from './test-app';

/* The person's status page as a browser uses it (decision 176): links, proofs, form posts. */

/** A stand-in client build with /status and the steps its links resume (CLIENT_DIR). */
export const statusSiteBuild = () => fakeSiteBuild(['/status', '/apply', '/typeform', '/hiring']);

export const NAVIGATION = { accept: 'text/html', 'sec-fetch-mode': 'navigate' };

/** The browser's cookies after `responses`, as a Cookie header (cleared ones dropped). */
export function cookieHeader(...responses: LightMyRequestResponse[]): string {
  const jar = new Map<string, string>();
  for (const response of responses)
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[])
      if (cookie.maxAge === 0) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The proofs a response hands out (pages also set the form-time cookie). */
export const proofCookies = (response: LightMyRequestResponse) =>
  response.cookies.filter((cookie) => ['tb_lead', 'tb_mailbox'].includes(cookie.name));

/** GET `url` as a browser: the response and the state the server wrote into the page. */
export async function statusPage(app: FastifyInstance, cookie = '', url = '/status') {
  const response = await app.inject({ url, headers: { ...NAVIGATION, cookie } });
  const block = new RegExp(`id="${PAGE_STATE_ELEMENT_ID}">(.*?)</script>`).exec(response.body);
  return { response, state: block ? (JSON.parse(block[1] as string) as PageState) : undefined };
}

/** A status link to `lead`, as our e-mails carry it, valid for 7 days from `issuedAt`. */
export const statusLinkTo = ({ db }: TestApp, lead: LeadRef, issuedAt = new Date()) =>
  issueStatusLink(tablesOf(db), lead, issuedAt, 7);

/** The link's `token`, as the page's "Open" button posts it. */
export const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('token')!;

/** A JSON post, as a script would send it. */
export function post(app: FastifyInstance, url: string, body: object, cookie = '', headers = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', cookie, ...headers },
    payload: JSON.stringify(body),
  });
}

/** A browser's own form post (no JavaScript). */
export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  cookie = '',
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...NAVIGATION, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The answer to pressing the page's "Open" button for `link`. */
export function openLink(app: FastifyInstance, link: string, cookie = '', next?: string) {
  const fields = { token: tokenOf(link), ...(next ? { next } : {}) };
  return postForm(app, '/api/status/open', fields, cookie);
}

/** The mailbox cookie a browser gets by opening its link. */
export async function opened(app: FastifyInstance, link: string) {
  const response = await openLink(app, link);
  expect(response.statusCode).toBe(303);
  expect(response.headers.location).toBe('/status');
  return cookieHeader(response);
}
