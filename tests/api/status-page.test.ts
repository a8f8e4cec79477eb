import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { issueStatusLink } from '../../src/server/leads/workflows/people/status-link';
import { tablesOf } from '../../src/server/platform/database/connection';
import { PAGE_STATE_ELEMENT_ID, type PageState } from '../../src/shared/page-state';
import { ERASED_MESSAGE, STATUS_NOTICES } from '../../src/shared/person-status';
import { PREFILL_COOKIE } from '../../src/shared/prefill-cookie';
import { candidateIdOf, candidatesWithEmail, postJson } from '../support/api';
import { validBodies } from '../support/lead-bodies';
import {
  describeEachDatabase,
  fakeSiteBuild,
  uniqueEmail,
  type TestApp,
} from '../support/test-app';

/*
 * The person's status page (issue 21): opened by a link, it shows only the leads this browser
 * proves, and every change needs that proof. The stand-in SSR bundle renders only the route;
 * these tests read the state the server wrote into the page.
 */

const CLIENT_DIR = await fakeSiteBuild(['/status', '/apply', '/typeform', '/hiring']);
const NAVIGATION = { accept: 'text/html', 'sec-fetch-mode': 'navigate' };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The browser's cookies after `responses`, as a Cookie header (cleared ones dropped). */
function cookieHeader(...responses: LightMyRequestResponse[]): string {
  const jar = new Map<string, string>();
  for (const response of responses)
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[])
      if (cookie.maxAge === 0) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

async function statusPage(app: FastifyInstance, cookie = '', url = '/status') {
  const response = await app.inject({ url, headers: { ...NAVIGATION, cookie } });
  const block = new RegExp(`id="${PAGE_STATE_ELEMENT_ID}">(.*?)</script>`).exec(response.body);
  return { response, state: block ? (JSON.parse(block[1] as string) as PageState) : undefined };
}

/** A candidate from /candidates and a link to their status page, valid from `issuedAt`. */
async function candidateWithLink({ app, db }: TestApp, issuedAt = new Date()) {
  const email = uniqueEmail('status');
  expect(
    (await postJson(app, '/api/candidates/basic-info', validBodies.candidateBasicInfo(email)))
      .statusCode,
  ).toBe(200);
  const id = await candidateIdOf(db, email);
  const link = await issueStatusLink(tablesOf(db), { table: 'candidates', id }, issuedAt, 7);
  return { email, id, link, lead: `c${id}` };
}

/** The proof cookie a browser gets by opening its link. */
async function opened(app: FastifyInstance, link: string) {
  const response = await app.inject({ url: link, headers: NAVIGATION });
  expect(response.statusCode).toBe(303);
  return cookieHeader(response);
}

function post(app: FastifyInstance, url: string, body: object, cookie = '', headers = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', cookie, ...headers },
    payload: JSON.stringify(body),
  });
}

/** A browser's own form post (no JavaScript). */
function postForm(app: FastifyInstance, url: string, fields: Record<string, string>, cookie = '') {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...NAVIGATION, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const activityOf = (current: TestApp, id: number) =>
  current.db
    .selectFrom('lead_activity')
    .selectAll()
    .where('lead_table', '=', 'candidates')
    .where('lead_id', '=', id)
    .execute();

describeEachDatabase(
  'the status page',
  (current) => {
    it('exchanges a link for the proof cookie and a 303 to /status without the token', async () => {
      const { app } = current();
      const { email, link, lead } = await candidateWithLink(current());
      const response = await app.inject({ url: link, headers: NAVIGATION });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/status');
      const proof = response.cookies.find((cookie) => cookie.name === 'tb_lead');
      expect(proof).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

      const { response: page, state } = await statusPage(app, cookieHeader(response));
      expect(page.headers['cache-control']).toBe('no-store');
      expect(state?.status).toMatchObject({
        kind: 'leads',
        leads: [
          {
            ref: lead,
            kind: 'candidate',
            email,
            details: { firstName: 'Ada', lastName: 'Lovelace', phone: '555-0100', location: '' },
            next: { href: `/status?next=questionnaire&lead=${lead}` },
            remindersStopped: false,
            withdrawn: false,
          },
        ],
      });
    });

    it('resumes the open step prefilled: next=questionnaire goes to /typeform, next=apply to /apply', async () => {
      const { app } = current();
      const { email, link } = await candidateWithLink(current());
      const resumed = await app.inject({ url: `${link}&next=apply`, headers: NAVIGATION });
      expect(resumed.statusCode).toBe(303);
      expect(resumed.headers.location).toBe('/apply');
      const prefill = resumed.cookies.find((cookie) => cookie.name === PREFILL_COOKIE);
      expect(JSON.parse(Buffer.from(prefill!.value, 'base64url').toString())).toMatchObject({
        candidateEmail: email,
        candidateFirstName: 'Ada',
      });
      const again = await app.inject({
        url: '/status?next=questionnaire',
        headers: { ...NAVIGATION, cookie: cookieHeader(resumed) },
      });
      expect(again.headers.location).toBe('/typeform');
    });

    it('says an unknown or expired link has expired, and shows the plain page without one', async () => {
      const { app } = current();
      const old = await candidateWithLink(current(), new Date(Date.now() - 8 * DAY_MS));
      for (const url of [old.link, '/status?token=AAAAAAAAAAAAAAAAAAAAAAAA']) {
        const { response, state } = await statusPage(app, '', url);
        expect(response.statusCode).toBe(200);
        expect(response.cookies.map((cookie) => cookie.name)).not.toContain('tb_lead');
        expect(state?.status).toEqual({ kind: 'no-link', expired: true });
      }
      const plain = await statusPage(app);
      expect(plain.state).toBeUndefined();
      expect(plain.response.body).toContain('static /status');
      expect((await statusPage(app, '', '/status?link=sent')).state?.status).toEqual({
        kind: 'no-link',
        linkSent: true,
      });
    });

    it('refuses every action without the proof of that lead, and changes nothing', async () => {
      const { app, db } = current();
      const victim = await candidateWithLink(current());
      const other = await candidateWithLink(current());
      const otherProof = await opened(app, other.link);
      const victimProof = await opened(app, victim.link);
      const forged = `tb_lead=c${victim.id}.AAAA`;
      const attempts = [
        { cookie: '' },
        { cookie: forged },
        { cookie: otherProof },
        { cookie: victimProof, headers: { origin: 'https://evil.example' } },
      ];
      for (const { cookie, headers } of attempts) {
        for (const url of [
          '/api/status/details',
          '/api/status/reminders',
          '/api/status/withdraw',
          '/api/status/erase',
        ]) {
          const body = {
            lead: victim.lead,
            firstName: 'Eve',
            lastName: 'X',
            location: 'Nowhere',
            confirm: 'yes',
          };
          const response = await post(app, url, body, cookie, headers);
          expect(response.statusCode, `${url} ${cookie}`).toBe(403);
        }
      }
      const form = await postForm(app, '/api/status/withdraw', { lead: victim.lead });
      expect(form.statusCode).toBe(303);
      expect(form.headers.location).toBe('/status');
      const [row] = await candidatesWithEmail(db, victim.email);
      expect(row).toMatchObject({ first_name: 'Ada', status: 'new', reminders_stopped_at: null });
      expect(await activityOf(current(), victim.id)).toEqual([]);
    });

    it('stores a correction as a verified change in the lead’s history', async () => {
      const { app, db } = current();
      const { email, id, link, lead } = await candidateWithLink(current());
      const proof = await opened(app, link);
      const details = {
        lead,
        firstName: 'Ada',
        lastName: 'King',
        phone: '555-0199',
        location: 'Austin, TX',
      };
      const saved = await post(app, '/api/status/details', details, proof);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ message: STATUS_NOTICES.details });
      const [row] = await candidatesWithEmail(db, email);
      expect(row).toMatchObject({ last_name: 'King', phone: '555-0199', location: 'Austin, TX' });
      const history = await db
        .selectFrom('lead_submissions')
        .selectAll()
        .where('lead_table', '=', 'candidates')
        .where('lead_id', '=', id)
        .orderBy('id')
        .execute();
      expect(history.at(-1)).toMatchObject({ form: 'status-page', source_page: '/status' });
      expect(JSON.parse(history.at(-1)!.fields!)).toEqual({
        firstName: 'Ada',
        lastName: 'King',
        phone: '555-0199',
        location: 'Austin, TX',
      });

      const invalid = await post(app, '/api/status/details', { ...details, firstName: ' ' }, proof);
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().fields).toEqual({ firstName: 'First name is required' });

      // Without JavaScript: back to the page, which says so.
      const form = await postForm(app, '/api/status/details', { ...details, phone: '' }, proof);
      expect(form.headers.location).toBe('/status');
      const { state } = await statusPage(app, cookieHeader(form) + '; ' + proof);
      expect(state?.statusNotice).toBe('details');
      const bad = await postForm(app, '/api/status/details', { ...details, lastName: '' }, proof);
      expect(bad.headers.location).toBe('/status');
      const returned = await statusPage(app, cookieHeader(bad) + '; ' + proof);
      expect(returned.state?.form).toMatchObject({
        action: '/api/status/details',
        values: { lead, lastName: '' },
        errors: { lastName: 'Last name is required' },
      });
      expect(state?.status).toMatchObject({ kind: 'leads', leads: [{ details: { phone: '' } }] });
    });

    it('stops reminders, and withdraws, each recorded as the person’s act', async () => {
      const { app, db } = current();
      const { email, id, link, lead } = await candidateWithLink(current());
      const proof = await opened(app, link);
      expect((await post(app, '/api/status/reminders', { lead }, proof)).json()).toEqual({
        message: STATUS_NOTICES.reminders,
      });
      const [stopped] = await candidatesWithEmail(db, email);
      expect(stopped?.reminders_stopped_at).not.toBeNull();
      expect((await post(app, '/api/status/withdraw', { lead }, proof)).statusCode).toBe(200);
      const [withdrawn] = await candidatesWithEmail(db, email);
      expect(withdrawn).toMatchObject({
        status: 'withdrawn',
        reminders_stopped_at: stopped?.reminders_stopped_at,
      });
      const activity = await activityOf(current(), id);
      expect(activity.map(({ kind, text, to_status }) => ({ kind, text, to_status }))).toEqual([
        { kind: 'reminders_stopped', text: 'person', to_status: null },
        { kind: 'status_changed', text: 'person', to_status: 'withdrawn' },
      ]);
      const { state } = await statusPage(app, proof);
      expect(state?.status).toMatchObject({
        leads: [{ withdrawn: true, remindersStopped: true, next: null }],
      });
    });

    it('erases everything after the confirmation, audited with no address, and forgets the proof', async () => {
      const { app, db } = current();
      const { email, id, link, lead } = await candidateWithLink(current());
      const proof = await opened(app, link);
      expect((await post(app, '/api/status/erase', { lead }, proof)).statusCode).toBe(400);
      expect(await candidatesWithEmail(db, email)).toHaveLength(1);

      const erased = await postForm(app, '/api/status/erase', { lead, confirm: 'yes' }, proof);
      expect(erased.statusCode).toBe(303);
      expect(erased.cookies.find((cookie) => cookie.name === 'tb_lead')?.maxAge).toBe(0);
      expect(await candidatesWithEmail(db, email)).toEqual([]);
      const links = await db
        .selectFrom('status_links')
        .selectAll()
        .where('lead_table', '=', 'candidates')
        .where('lead_id', '=', id)
        .execute();
      expect(links).toEqual([]);
      const [entry] = await db
        .selectFrom('admin_audit_entries')
        .selectAll()
        .where('action', '=', 'data_subject_erasure')
        .orderBy('id', 'desc')
        .limit(1)
        .execute();
      expect(entry?.actor).toBe('the person (status page)');
      expect(entry?.detail).toMatch(/^erased candidates 1, /);
      expect(JSON.stringify(entry)).not.toContain(email.split('@')[0]);

      const { state } = await statusPage(app, cookieHeader(erased));
      expect(state?.status).toEqual({ kind: 'erased' });
      expect((await statusPage(app, '', link)).state?.status).toEqual({
        kind: 'no-link',
        expired: true,
      });
    });

    it('answers a JSON erasure with its sentence', async () => {
      const { app, db } = current();
      const { email, link, lead } = await candidateWithLink(current());
      const proof = await opened(app, link);
      const erased = await post(app, '/api/status/erase', { lead, confirm: 'yes' }, proof);
      expect(erased.json()).toEqual({ message: ERASED_MESSAGE });
      expect(erased.cookies.find((cookie) => cookie.name === 'tb_lead')?.maxAge).toBe(0);
      expect(await candidatesWithEmail(db, email)).toEqual([]);
      // The page again, with the old proof: the lead is gone, so nothing is erased twice.
      expect(
        (await post(app, '/api/status/erase', { lead, confirm: 'yes' }, proof)).statusCode,
      ).toBe(403);
    });
  },
  { env: { CLIENT_DIR } },
);
