import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi, type MockInstance } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { SQLITE_FILE_NAME } from '../../src/server/platform/database/connection';
import { PAGE_STATE_ELEMENT_ID, type PageState } from '../../src/shared/page-state';
import { PREFILL_COOKIE } from '../../src/shared/prefill-cookie';
import { candidatesWithEmail, companiesWithEmail, leadCount } from '../support/api';
import { validBodies } from '../support/lead-bodies';
import {
  createTestApp,
  describeEachDatabase,
  fakeSiteBuild,
  uniqueEmail,
  type TestApp,
} from '../support/test-app';

/**
 * Forms posted by the browser itself, without JavaScript (docs/decisions/090): urlencoded,
 * answered 303 to the spec's next page, messages and prefill handed to that page. The server
 * renders those pages with the SSR bundle; here a stand-in bundle renders only the route, and
 * the tests read the state the server wrote into the page (its JSON data block). What a
 * visitor sees is the browser tests' part (tests/browser/forms-without-javascript.spec.ts).
 */

const ROUTES = [
  '/career',
  '/training',
  '/candidates',
  '/typeform',
  '/questionnaire',
  '/apply',
  '/thank-you',
  '/companies',
  '/hiring',
  '/contact',
];

const CLIENT_DIR = await fakeSiteBuild(ROUTES);

/** What Chromium sends with a form it submits itself. */
const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};

type Fields = Record<string, string>;

function postForm(
  app: FastifyInstance,
  url: string,
  fields: Fields,
  headers: Record<string, string> = NAVIGATION,
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The browser's cookie jar after `responses`, as a Cookie header (cleared cookies dropped). */
function cookieHeader(...responses: LightMyRequestResponse[]): string {
  const jar = new Map<string, string>();
  for (const response of responses) {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.maxAge === 0) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** GETs a page as the browser does after the 303; returns it and the state rendered into it. */
async function visit(app: FastifyInstance, url: string, cookie: string) {
  const response = await app.inject({ method: 'GET', url, headers: { ...NAVIGATION, cookie } });
  expect(response.statusCode).toBe(200);
  const block = new RegExp(
    `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">(.*?)</script>`,
  ).exec(response.body);
  return { response, state: block ? (JSON.parse(block[1] as string) as PageState) : undefined };
}

const asFields = (body: object, page: string): Fields => ({
  ...(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) as Fields),
  page,
});

const contactRequest = (email: string) => ({
  ...validBodies.companyRequest(email),
  companySize: 'enterprise',
  timeline: '1-3months',
});

/** Every public form: its endpoint, its page, a valid body, and where the browser goes next. */
const forms = [
  {
    url: '/api/candidates/email',
    page: '/career',
    body: validBodies.candidateEmail,
    next: '/apply',
  },
  {
    url: '/api/candidates/email',
    page: '/training',
    body: validBodies.candidateEmail,
    next: '/apply',
  },
  {
    url: '/api/candidates/basic-info',
    page: '/candidates',
    body: validBodies.candidateBasicInfo,
    next: '/typeform',
  },
  {
    url: '/api/candidates/questionnaire',
    page: '/typeform',
    body: validBodies.questionnaire,
    next: '/thank-you',
  },
  {
    url: '/api/candidates/submit',
    page: '/apply',
    body: validBodies.candidateApplication,
    next: '/thank-you',
  },
  {
    url: '/api/candidates/submit',
    page: '/contact',
    body: validBodies.candidateApplication,
    next: '/contact',
  },
  {
    url: '/api/companies/email',
    page: '/companies',
    body: validBodies.companyEmail,
    next: '/hiring',
  },
  {
    url: '/api/companies/submit',
    page: '/hiring',
    body: validBodies.companyRequest,
    next: '/hiring',
  },
  { url: '/api/companies/submit', page: '/contact', body: contactRequest, next: '/contact' },
];

const storedLead = async (
  db: Parameters<typeof candidatesWithEmail>[0],
  url: string,
  email: string,
) =>
  url.startsWith('/api/companies') ? companiesWithEmail(db, email) : candidatesWithEmail(db, email);

describeEachDatabase(
  'forms posted without JavaScript',
  (current) => {
    it.each(forms)(
      '$page -> POST $url answers 303 to $next once the lead is stored',
      async ({ url, page, body, next }) => {
        const { app, db } = current();
        const email = uniqueEmail('nojs');
        const response = await postForm(app, url, asFields(body(email), page));
        expect(response.statusCode).toBe(303);
        expect(response.headers.location).toBe(next);
        expect(response.body).toBe('');
        expect(await storedLead(db, url, email)).toHaveLength(1);
      },
    );

    it('records the form’s page (and landing variant) as its attribution', async () => {
      const { app, db } = current();
      const email = uniqueEmail('nojs-attribution');
      await postForm(app, '/api/candidates/email', { email, page: '/training' });
      const [lead] = await candidatesWithEmail(db, email);
      expect(lead).toMatchObject({ source_page: '/training', landing_variant: 'high_salary' });
    });

    it('keeps the ad’s UTM values and fbclid from the page that posted, first touch winning', async () => {
      const { app, db } = current();
      const email = uniqueEmail('nojs-utm');
      const landing =
        'http://localhost/candidates?utm_source=meta&utm_campaign=spring&fbclid=IwAR1x';
      const basic = asFields(validBodies.candidateBasicInfo(email), '/candidates');
      await postForm(app, '/api/candidates/basic-info', basic, { ...NAVIGATION, referer: landing });
      const answers = asFields(validBodies.questionnaire(email), '/typeform');
      const later = 'http://localhost/questionnaire?utm_source=google';
      await postForm(app, '/api/candidates/questionnaire', answers, {
        ...NAVIGATION,
        referer: later,
      });
      const [lead] = await candidatesWithEmail(db, email);
      expect(lead).toMatchObject({
        source_page: '/candidates',
        utm_source: 'meta',
        utm_campaign: 'spring',
        fbclid: 'IwAR1x',
      });
    });

    it('sends an invalid form back with the ad’s UTM values and fbclid, so the retry keeps them', async () => {
      const { app, db } = current();
      const email = uniqueEmail('nojs-utm-retry');
      const ad = 'utm_source=meta&utm_campaign=spring&fbclid=IwAR2y';
      const landing = `http://localhost/companies?${ad}&email=${email}&userType=x`;
      const fields = { email, company: 'A', page: '/companies' };
      const invalid = await postForm(app, '/api/companies/email', fields, {
        ...NAVIGATION,
        referer: landing,
      });
      // Only the ad's parameters go back: nothing else from the page's URL.
      expect(invalid.headers.location).toBe(`/companies?${ad}`);
      const back = await visit(app, `/companies?${ad}`, cookieHeader(invalid));
      expect(back.state?.form?.errors).toEqual({ company: 'Company name is required' });
      await postForm(
        app,
        '/api/companies/email',
        { ...fields, company: 'Acme Data' },
        {
          ...NAVIGATION,
          referer: `http://localhost${invalid.headers.location}`,
        },
      );
      const [lead] = await companiesWithEmail(db, email);
      expect(lead).toMatchObject({ utm_source: 'meta', utm_campaign: 'spring', fbclid: 'IwAR2y' });
    });

    it('hands the e-mail to /apply, and the names and e-mail to the questionnaire', async () => {
      const { app } = current();
      const email = uniqueEmail('nojs-prefill');
      const career = await postForm(app, '/api/candidates/email', { email, page: '/career' });
      const apply = await visit(app, '/apply', cookieHeader(career));
      expect(apply.state?.prefill).toEqual({ candidateEmail: email });

      const basic = validBodies.candidateBasicInfo(email);
      const candidates = await postForm(
        app,
        '/api/candidates/basic-info',
        asFields(basic, '/candidates'),
      );
      const jar = cookieHeader(career, candidates);
      const expected = {
        candidateEmail: email,
        candidateFirstName: basic.firstName,
        candidateLastName: basic.lastName,
        candidatePhone: basic.phone,
      };
      // /typeform and the questionnaire in its iframe both see it; reloads too (no JS to take it).
      expect((await visit(app, '/typeform', jar)).state?.prefill).toEqual(expected);
      expect((await visit(app, '/questionnaire', jar)).state?.prefill).toEqual(expected);
      expect((await visit(app, '/questionnaire', jar)).state?.prefill).toEqual(expected);
    });

    it('hands the work e-mail and company to /hiring in a short-lived first-party cookie', async () => {
      const { app } = current();
      const email = uniqueEmail('nojs-company');
      const response = await postForm(app, '/api/companies/email', {
        email,
        company: 'Acme Data',
        page: '/companies',
      });
      const cookie = response.cookies.find((c) => c.name === PREFILL_COOKIE);
      expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: 1800 });
      expect(cookie?.httpOnly).toBeFalsy(); // the page's script moves it into session storage
      const hiring = await visit(app, '/hiring', cookieHeader(response));
      expect(hiring.state?.prefill).toEqual({ employerEmail: email, employerCompany: 'Acme Data' });
      expect(hiring.response.headers['cache-control']).toBe('no-store');
    });

    it('shows the confirmation once on the page after a request (/hiring, /contact)', async () => {
      const { app } = current();
      const email = uniqueEmail('nojs-confirm');
      const posted = await postForm(
        app,
        '/api/companies/submit',
        asFields(contactRequest(email), '/contact'),
      );
      expect(posted.headers.location).toBe('/contact');
      const flash = posted.cookies.find((c) => c.name === 'tb_form');
      expect(flash).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      expect(flash?.value).not.toContain(email.split('@')[0]);

      const first = await visit(app, '/contact', cookieHeader(posted));
      expect(first.state?.form).toEqual({
        action: '/api/companies/submit',
        page: '/contact',
        sentBy: 'Grace Hopper',
      });
      expect(first.response.body).toContain('rendered /contact');
      // Taken: the cookie is cleared, and a reload is the plain page.
      const reload = await visit(app, '/contact', cookieHeader(posted, first.response));
      expect(reload.state).toBeUndefined();
      expect(reload.response.body).toContain('static /contact');
    });

    it('sends an invalid form back to its page with the page’s messages and the typed values', async () => {
      const { app } = current();
      const email = uniqueEmail('nojs-invalid');
      const before = await leadCount(current().db);
      const typed = {
        email,
        name: 'G',
        title: 'CTO',
        company: 'Acme',
        talentNeeds: 'Ten',
        page: '/contact',
      };
      const posted = await postForm(app, '/api/companies/submit', typed);
      expect(posted.statusCode).toBe(303);
      expect(posted.headers.location).toBe('/contact');
      expect(await leadCount(current().db)).toBe(before);

      const { state } = await visit(app, '/contact', cookieHeader(posted));
      // The /contact employer rules (2 characters, its own messages), not /hiring's.
      expect(state?.form?.errors).toEqual({
        name: 'Name is required',
        companySize: 'Please select a company size',
        timeline: 'Please select a timeline',
      });
      expect(state?.form?.values).toEqual({
        email,
        name: 'G',
        title: 'CTO',
        company: 'Acme',
        talentNeeds: 'Ten',
      });
    });

    it('sends an invalid questionnaire back to /typeform, its messages to the iframe’s page', async () => {
      const { app } = current();
      const posted = await postForm(app, '/api/candidates/questionnaire', {
        email: uniqueEmail('nojs-q'),
        availability: 'soon-ish',
        page: '/typeform',
      });
      expect(posted.headers.location).toBe('/typeform');
      const jar = cookieHeader(posted);
      expect((await visit(app, '/typeform', jar)).state).toBeUndefined(); // left for the iframe
      const { state } = await visit(app, '/questionnaire?embedId=x', jar);
      expect(state?.form?.errors).toMatchObject({
        availability: 'Please tell us when you could start',
        motivation: 'Please tell us a little more (at least 10 characters)',
      });
    });

    it('never puts what was typed in a Location', async () => {
      const { app } = current();
      const email = uniqueEmail('nojs-location');
      for (const { url, page, body } of forms) {
        for (const fields of [asFields(body(email), page), { email, page }]) {
          const response = await postForm(app, url, fields);
          expect(response.statusCode).toBe(303);
          expect(response.headers.location).toMatch(/^\/[a-z-]+$/);
        }
      }
    });

    it('answers a browser without Fetch Metadata by its Accept header', async () => {
      const { app } = current();
      const email = uniqueEmail('nojs-accept');
      const response = await postForm(
        app,
        '/api/candidates/email',
        { email, page: '/career' },
        { accept: 'text/html,*/*;q=0.8' },
      );
      expect(response.statusCode).toBe(303);
    });

    it('keeps JSON answers for fetch and for API clients, in either encoding', async () => {
      const { app } = current();
      const email = uniqueEmail('nojs-api');
      const fetched = await app.inject({
        method: 'POST',
        url: '/api/candidates/email',
        headers: { 'content-type': 'application/json', accept: '*/*', 'sec-fetch-mode': 'cors' },
        payload: JSON.stringify({ email }),
      });
      expect(fetched.statusCode).toBeLessThan(300);
      expect(fetched.headers['content-type']).toMatch(/^application\/json/);

      const encoded = await postForm(
        app,
        '/api/candidates/email',
        { email },
        { accept: 'application/json' },
      );
      expect(encoded.statusCode).toBeLessThan(300);
      expect(encoded.headers['content-type']).toMatch(/^application\/json/);

      const invalid = await postForm(app, '/api/companies/email', { email: 'x' }, {});
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().fields).toEqual({
        email: 'Please enter a valid work email address',
        company: 'Company name is required',
      });
    });

    it('reads only the spec’s prefill keys from the cookie, whoever wrote it', async () => {
      const { app } = current();
      const forged = Buffer.from(
        JSON.stringify({
          candidateEmail: 'ada@example.com',
          adminAuthenticated: 'true',
          leadAttribution: '{}',
          candidateFirstName: 'x'.repeat(301),
          candidateLastName: 42,
        }),
      ).toString('base64url');
      const { state } = await visit(app, '/apply', `${PREFILL_COOKIE}=${forged}`);
      expect(state).toEqual({ prefill: { candidateEmail: 'ada@example.com' } });
      const garbage = await visit(app, '/apply', `${PREFILL_COOKIE}=not-json`);
      expect(garbage.state).toBeUndefined();
    });

    it('renders /contact with the tab its query string chose (the choice without JavaScript)', async () => {
      const { app } = current();
      expect((await visit(app, '/contact?userType=employer', '')).state).toEqual({
        contactType: 'employer',
      });
      expect((await visit(app, '/contact?showForm=true', '')).state).toEqual({
        contactType: 'candidate',
      });
      expect((await visit(app, '/contact?userType=admin', '')).state).toBeUndefined();
    });
  },
  { env: { CLIENT_DIR } },
);

describeEachDatabase(
  'forms posted without JavaScript and refused before anything is stored',
  (current) => {
    /** A page for a person: the status kept, the form not sent, a link back to the form. */
    function expectRefusalPage(response: LightMyRequestResponse, status: number, back: string) {
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<h1>Your form was not sent</h1>');
      expect(response.body).toContain('Nothing you typed was stored');
      expect(response.body).toContain(`<a href="${back}">Back to the form</a>`);
    }

    it('a body too large: 413 as a page, back to the form it came from; a fetch still gets JSON', async () => {
      const { app } = current();
      const email = uniqueEmail('too-large');
      const fields = { email, name: 'x'.repeat(100_000), page: '/hiring' };
      const headers = { ...NAVIGATION, referer: 'http://localhost:3000/hiring' };
      expectRefusalPage(
        await postForm(app, '/api/companies/submit', fields, headers),
        413,
        '/hiring',
      );
      const fetched = await postForm(app, '/api/companies/submit', fields, { accept: '*/*' });
      expect(fetched.statusCode).toBe(413);
      expect(fetched.json()).toEqual({ error: expect.any(String) as unknown });
      expect(await companiesWithEmail(current().db, email)).toHaveLength(0);
    });

    it('a content type no form sends: 415 as a page', async () => {
      const response = await current().app.inject({
        method: 'POST',
        url: '/api/candidates/email',
        headers: { ...NAVIGATION, 'content-type': 'text/plain', referer: 'http://x/training' },
        payload: 'email=someone@example.com',
      });
      expectRefusalPage(response, 415, '/training');
    });

    it('a flood: 429 as a page with Retry-After, nothing stored', async () => {
      const { app } = current();
      const remoteAddress = '203.0.113.77';
      const email = uniqueEmail('flood');
      const post = () =>
        app.inject({
          method: 'POST',
          url: '/api/candidates/email',
          remoteAddress,
          headers: {
            ...NAVIGATION,
            'content-type': 'application/x-www-form-urlencoded',
            referer: 'http://localhost:3000/career',
          },
          payload: new URLSearchParams({ email, page: '/career' }).toString(),
        });
      // A flood limit of 3: the 4th request of the minute is a flood.
      for (let i = 0; i < 3; i++) expect((await post()).statusCode).toBe(303);
      const refused = await post();
      expectRefusalPage(refused, 429, '/career');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await candidatesWithEmail(current().db, email)).toHaveLength(1);
    });
  },
  { env: { CLIENT_DIR, LEAD_RATE_LIMIT: '300' }, bounds: { leadFloodLimit: 3 } },
);

describe('a form posted without JavaScript whose write SQLite committed but could not sync', () => {
  let testApp: TestApp;
  let datasync: MockInstance<FileHandle['datasync']>;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { env: { CLIENT_DIR } });
    // The disk fails the WAL's fdatasync after SQLite's COMMIT (decision 175), as a failing
    // disk does: Node's FileHandle answers EIO, nothing of the server's own code replaced.
    const probe = await open(path.join(testApp.env.DATA_DIR!, SQLITE_FILE_NAME), 'r');
    const handles = Object.getPrototypeOf(probe) as Pick<FileHandle, 'datasync'>;
    await probe.close();
    datasync = vi.spyOn(handles, 'datasync');
  });
  afterAll(async () => {
    datasync?.mockRestore();
    await testApp?.close();
  });

  it('tells the person it may have been saved and that sending again is harmless, not "nothing stored"', async () => {
    const email = uniqueEmail('unsynced');
    const fields = asFields(validBodies.candidateEmail(email), '/career');
    const headers = { ...NAVIGATION, referer: 'http://localhost:3000/career' };
    datasync.mockRejectedValue(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }));
    const answered = await postForm(testApp.app, '/api/candidates/email', fields, headers);
    datasync.mockRestore();
    expect(answered.statusCode).toBe(503);
    expect(answered.headers['content-type']).toMatch(/^text\/html/);
    expect(answered.body).toContain('<h1>Your form may not have been saved</h1>');
    expect(answered.body).toContain('sending it twice does no harm');
    expect(answered.body).not.toContain('Nothing you typed was stored');
    expect(answered.body).toContain('<a href="/career">Back to the form</a>');
    // What the page says is true: SQLite had committed the lead, and sending again keeps one.
    expect(await candidatesWithEmail(testApp.db, email)).toHaveLength(1);
    expect((await postForm(testApp.app, '/api/candidates/email', fields, headers)).statusCode).toBe(
      303,
    );
    expect(await candidatesWithEmail(testApp.db, email)).toHaveLength(1);
  });
});

describe.skipIf(!inject('postgresAdminUrl'))(
  'forms posted without JavaScript, two instances',
  () => {
    let a: TestApp;
    let b: FastifyInstance;
    beforeAll(async () => {
      a = await createTestApp('postgres', { env: { CLIENT_DIR } });
      b = await buildApp({ config: loadConfig(a.env), logger: false });
      await b.ready();
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('show the messages on the page served by the other instance, once (decision 090)', async () => {
      const posted = await postForm(a.app, '/api/companies/submit', {
        email: 'not-an-email',
        name: 'Grace Hopper',
        page: '/contact',
      });
      expect(posted.statusCode).toBe(303);
      const onB = await visit(b, '/contact', cookieHeader(posted));
      expect(onB.state?.form?.errors?.email).toBeDefined();
      expect(onB.state?.form?.values?.name).toBe('Grace Hopper');
      // Taken on B: A has nothing left to show for it.
      const onA = await visit(a.app, '/contact', cookieHeader(posted));
      expect(onA.state).toBeUndefined();
    });
  },
);
