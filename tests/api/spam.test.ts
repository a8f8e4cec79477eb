import { randomUUID } from 'node:crypto';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { TOO_MANY_SUBMISSIONS } from '../../src/server/leads/workflows/capture/lead-capture';
import {
  FORM_TIME_COOKIE,
  signFormTime,
} from '../../src/server/leads/workflows/screening/form-time-token';
import type { QuarantinePage } from '../../src/shared/admin-quarantine';
import type { OverviewFigures } from '../../src/shared/admin-overview';
import { adminEnv, signIn } from '../support/admin';
import {
  awayFromMinuteEdge,
  candidatesWithEmail,
  companiesWithEmail,
  leadCount,
} from '../support/api';
import { validBodies } from '../support/lead-bodies';
import { fetchOpenApi, OpenApiChecker } from '../support/openapi';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';
import { searchHeader } from '../support/search';
import { refuseAuditEntries } from '../support/write-blocker';

const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const SITE = 'http://localhost:3000';

const spamEnv = {
  ...adminEnv,
  SPAM_MIN_FILL_MS: '2000',
  ALTCHA_FORMS: 'company-email',
  NOTIFY_EMAIL: 'sales@talent.example',
  // Conversion events are written to the outbox (destination meta); no worker sends them.
  META_PIXEL_ID: '123456789012345',
  META_CAPI_ACCESS_TOKEN: 'EAAspam-test-token',
};

async function conversionRows(testApp: TestApp): Promise<number> {
  const row = await testApp.db
    .selectFrom('outbox_messages')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('destination', '=', 'meta')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The time trap's cookie as a page served `msAgo` would have set it, with the kept key. */
async function pageCookie(testApp: TestApp, msAgo: number): Promise<string> {
  const { value } = await testApp.db
    .selectFrom('spam_keys')
    .select('value')
    .where('name', '=', 'spam-key')
    .executeTakeFirstOrThrow();
  const key = Buffer.from(value, 'base64');
  return `${FORM_TIME_COOKIE}=${signFormTime(key, Date.now() - msAgo)}`;
}

function post(
  testApp: TestApp,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  remoteAddress = '192.0.2.1',
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
}

async function quarantined(testApp: TestApp, email: string) {
  return testApp.db.selectFrom('lead_quarantine').selectAll().where('email', '=', email).execute();
}

async function outboxRows(testApp: TestApp): Promise<number> {
  const row = await testApp.db
    .selectFrom('outbox_messages')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function adminGet<T>(testApp: TestApp, cookie: string, url: string): Promise<T> {
  const response = await testApp.app.inject({ url, headers: { cookie } });
  expect(response.statusCode, url).toBe(200);
  return response.json<T>();
}

/** Posts a suspect form and checks it got what a person gets, and went to quarantine only. */
async function expectQuarantined(
  testApp: TestApp,
  send: (email: string) => Promise<LightMyRequestResponse>,
  reasons: string[],
  /** What a person gets for the same form (default: the JSON answer). */
  expectPersonsAnswer: (response: LightMyRequestResponse) => void = (response) => {
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  },
): Promise<string> {
  const email = uniqueEmail('suspect');
  const leads = await leadCount(testApp.db);
  const outbox = await outboxRows(testApp);
  expectPersonsAnswer(await send(email));
  expect(await leadCount(testApp.db)).toBe(leads);
  expect(await outboxRows(testApp)).toBe(outbox);
  const rows = await quarantined(testApp, email);
  expect(rows).toHaveLength(1);
  expect(rows[0]?.reasons.split(',')).toEqual(reasons);
  return email;
}

describeEachDatabase(
  'spam defence: suspect forms are answered like a person and quarantined',
  (current) => {
    it('saves a person’s form: a page visited seconds ago, a browser, no honeypot', async () => {
      const email = uniqueEmail('person');
      const outbox = await outboxRows(current());
      const conversions = await conversionRows(current());
      const response = await post(
        current(),
        '/api/candidates/email',
        { ...validBodies.candidateEmail(email), consent: 'granted' },
        { cookie: await pageCookie(current(), 5000) },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect(await candidatesWithEmail(current().db, email)).toHaveLength(1);
      expect(await quarantined(current(), email)).toHaveLength(0);
      // The notice e-mail, the person's confirmation and, with consent, the conversion event.
      expect(await outboxRows(current())).toBe(outbox + 3);
      expect(await conversionRows(current())).toBe(conversions + 1);
    });

    it('quarantines a form whose honeypot was filled', async () => {
      const cookie = await pageCookie(current(), 5000);
      await expectQuarantined(
        current(),
        (email) =>
          post(
            current(),
            '/api/candidates/basic-info',
            { ...validBodies.candidateBasicInfo(email), website: 'http://spam.example' },
            { cookie },
          ),
        ['honeypot'],
      );
    });

    it('quarantines a honeypot a machine filled with a number, a list or an object, even one that cannot become a string', async () => {
      const cookie = await pageCookie(current(), 5000);
      for (const website of [7, false, [], { toString: '' }]) {
        await expectQuarantined(
          current(),
          (email) =>
            post(
              current(),
              '/api/candidates/email',
              { ...validBodies.candidateEmail(email), website },
              { cookie },
            ),
          ['honeypot'],
        );
      }
    });

    it('quarantines a form sent at once after its page was served (the page sets the cookie)', async () => {
      const page = await current().app.inject({ url: '/' });
      expect(page.statusCode).toBe(200);
      const set = page.cookies.find((c) => c.name === FORM_TIME_COOKIE);
      expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      await expectQuarantined(
        current(),
        (email) =>
          post(current(), '/api/candidates/email', validBodies.candidateEmail(email), {
            cookie: `${FORM_TIME_COOKIE}=${set?.value}`,
          }),
        ['too_fast'],
      );
      // A later page keeps the visit's cookie: a second tab does not restart the clock.
      const again = await current().app.inject({
        url: '/',
        headers: { cookie: `${FORM_TIME_COOKIE}=${set?.value}` },
      });
      expect(again.cookies.find((c) => c.name === FORM_TIME_COOKIE)).toBeUndefined();
    });

    it('quarantines a form without the page’s token, or with a forged one', async () => {
      await expectQuarantined(
        current(),
        (email) => post(current(), '/api/companies/submit', validBodies.companyRequest(email)),
        ['no_form_token'],
      );
      const forged = `${FORM_TIME_COOKIE}=${(Date.now() - 60_000).toString(36)}.not-our-signature`;
      await expectQuarantined(
        current(),
        (email) =>
          post(current(), '/api/candidates/submit', validBodies.candidateApplication(email), {
            cookie: forged,
          }),
        ['forged_form_token'],
      );
    });

    it('quarantines a bot by its user agent, with every reason that applies', async () => {
      const cookie = await pageCookie(current(), 5000);
      await expectQuarantined(
        current(),
        (email) =>
          post(current(), '/api/candidates/questionnaire', validBodies.questionnaire(email), {
            cookie,
            'user-agent': BOT,
          }),
        ['bot_user_agent'],
      );
      await expectQuarantined(
        current(),
        (email) =>
          post(
            current(),
            '/api/candidates/typeform-completed',
            { ...validBodies.typeformCompleted(email), website: 'x' },
            { 'user-agent': BOT },
          ),
        ['honeypot', 'no_form_token', 'bot_user_agent'],
      );
    });

    it('asks the ALTCHA_FORMS for a proof of work: solved, the lead is saved; missing, replayed or forged, quarantined', async () => {
      const cookie = await pageCookie(current(), 5000);
      const challengeResponse = await current().app.inject({ url: '/api/altcha/challenge' });
      expect(challengeResponse.statusCode).toBe(200);
      expect(challengeResponse.headers['cache-control']).toBe('no-store');
      const challenge = challengeResponse.json();
      const solution = await solveChallenge({ challenge, deriveKey });
      expect(solution).not.toBeNull();
      const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

      const withAltcha = (value: string | undefined) => (email: string) =>
        post(
          current(),
          '/api/companies/email',
          { ...validBodies.companyEmail(email), ...(value ? { altcha: value } : {}) },
          { cookie },
        );

      const email = uniqueEmail('solved');
      const solved = await withAltcha(altcha)(email);
      expect(solved.json()).toEqual({ ok: true });
      expect(await companiesWithEmail(current().db, email)).toHaveLength(1);

      // A challenge we did not sign, solved honestly, proves nothing.
      const foreign = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 10,
        deriveKey,
        hmacSignatureSecret: 'someone-elses-key-0123456789',
      });
      const foreignSolution = await solveChallenge({ challenge: foreign, deriveKey });
      const forgedAltcha = Buffer.from(
        JSON.stringify({ challenge: foreign, solution: foreignSolution }),
      ).toString('base64');
      // Missing, replayed (the solution above, used once already), forged.
      for (const value of [undefined, altcha, forgedAltcha]) {
        await expectQuarantined(current(), withAltcha(value), ['altcha']);
      }
      // Forms ALTCHA_FORMS does not name need none.
      const candidate = uniqueEmail('no-altcha');
      await post(current(), '/api/candidates/email', validBodies.candidateEmail(candidate), {
        cookie,
      });
      expect(await candidatesWithEmail(current().db, candidate)).toHaveLength(1);
    });

    it('keeps quarantined forms out of every tab, the overview and the outbox; the admin lists them with their reasons', async () => {
      const cookie = await signIn(current().app);
      const before = await adminGet<OverviewFigures>(current(), cookie, '/api/admin/overview');
      const email = await expectQuarantined(
        current(),
        (address) =>
          post(current(), '/api/candidates/submit', validBodies.candidateApplication(address), {
            'user-agent': BOT,
            cookie: 'tb_form_time=junk',
          }),
        ['forged_form_token', 'bot_user_agent'],
      );
      const after = await adminGet<OverviewFigures>(current(), cookie, '/api/admin/overview');
      expect(after.daily).toEqual(before.daily);
      for (const url of [
        '/api/candidate-submissions?type=regular',
        '/api/candidate-submissions?type=questionnaire',
        '/api/company-submissions',
        '/api/admin/lead-emails',
      ]) {
        const list = await current().app.inject({
          url,
          headers: { cookie, ...searchHeader(email) },
        });
        expect(list.statusCode, url).toBe(200);
        expect(list.body).not.toContain(email);
      }
      const page = await adminGet<QuarantinePage>(current(), cookie, '/api/admin/quarantine');
      expect(page.total).toBeGreaterThan(0);
      expect(page.rows[0]).toMatchObject({
        email,
        form: 'candidate-application',
        leadType: 'candidate',
        name: 'Ada Lovelace',
        reasons: ['forged_form_token', 'bot_user_agent'],
        userAgent: BOT,
      });
    });

    it("releases a quarantined form into the normal flow: a lead, its history, its notice, its Meta event as of the form's own time; audited without personal data", async () => {
      const cookie = await signIn(current().app);
      const eventId = randomUUID();
      const sentAt = Date.now();
      const email = await expectQuarantined(
        current(),
        (address) =>
          post(current(), '/api/companies/submit', {
            ...validBodies.companyRequest(address),
            consent: 'granted',
            eventId,
          }),
        ['no_form_token'],
      );
      // Held, it is no conversion.
      const conversions = await conversionRows(current());
      const [row] = await quarantined(current(), email);
      const outbox = await outboxRows(current());
      const release = await current().app.inject({
        method: 'POST',
        url: `/api/admin/quarantine/${row?.id}/release`,
        headers: { cookie, origin: SITE },
      });
      expect(release.statusCode).toBe(200);
      const [company] = await companiesWithEmail(current().db, email);
      expect(company).toMatchObject({ stage: 'request', contact_name: 'Grace Hopper' });
      expect(release.json()).toEqual({ leadType: 'company', leadId: company?.id });
      expect(await quarantined(current(), email)).toHaveLength(0);
      // Its notice, and the person's confirmation: released, it is a new lead.
      // ...and its Lead for Meta, under the pixel's id and the form's time, with no address kept.
      expect(await outboxRows(current())).toBe(outbox + 3);
      expect(await conversionRows(current())).toBe(conversions + 1);
      const lead = await current()
        .db.selectFrom('outbox_messages')
        .select(['topic', 'payload'])
        .where('destination', '=', 'meta')
        .where('subject_id', '=', company!.id)
        .executeTakeFirstOrThrow();
      expect(lead.topic).toBe('Lead');
      const payload = JSON.parse(lead.payload) as { eventTimeMs: number; client: object };
      expect(payload).toMatchObject({ eventId, pixelEvent: 'Lead', client: { ip: null } });
      expect(payload.eventTimeMs).toBeGreaterThanOrEqual(sentAt);
      expect(payload.eventTimeMs).toBeLessThanOrEqual(Date.parse(row!.received_at));
      const detail = await adminGet<{ submissions: { form: string }[] }>(
        current(),
        cookie,
        `/api/company-submissions/${company?.id}`,
      );
      expect(detail.submissions.map((s) => s.form)).toEqual(['company-request']);
      const again = await current().app.inject({
        method: 'POST',
        url: `/api/admin/quarantine/${row?.id}/release`,
        headers: { cookie, origin: SITE },
      });
      expect(again.statusCode).toBe(404);

      const audit = await adminGet<{ action: string; detail: string | null }[]>(
        current(),
        cookie,
        '/api/admin/audit',
      );
      const entry = audit.find((e) => e.action === 'quarantine_released');
      expect(entry).toMatchObject({ detail: `quarantine #${row?.id} (no_form_token)` });
      expect(JSON.stringify(audit)).not.toContain(email);
    });

    it('deletes a quarantined form for good, audited without personal data', async () => {
      const cookie = await signIn(current().app);
      const email = await expectQuarantined(
        current(),
        (address) =>
          post(current(), '/api/candidates/email', {
            ...validBodies.candidateEmail(address),
            website: 'y',
          }),
        ['honeypot', 'no_form_token'],
      );
      const [row] = await quarantined(current(), email);
      const remove = () =>
        current().app.inject({
          method: 'DELETE',
          url: `/api/admin/quarantine/${row?.id}`,
          headers: { cookie, origin: SITE },
        });
      expect((await remove()).statusCode).toBe(204);
      expect(await quarantined(current(), email)).toHaveLength(0);
      expect(await candidatesWithEmail(current().db, email)).toHaveLength(0);
      expect((await remove()).statusCode).toBe(404);
      const audit = await adminGet<{ action: string; detail: string | null }[]>(
        current(),
        cookie,
        '/api/admin/audit',
      );
      expect(audit.find((e) => e.action === 'quarantine_deleted')).toMatchObject({
        detail: `quarantine #${row?.id} (honeypot, no_form_token)`,
      });
      expect(JSON.stringify(audit)).not.toContain(email);
    });

    it('releases or deletes no quarantined form whose audit entry cannot be written', async () => {
      const cookie = await signIn(current().app);
      const email = await expectQuarantined(
        current(),
        (address) => post(current(), '/api/companies/submit', validBodies.companyRequest(address)),
        ['no_form_token'],
      );
      const [row] = await quarantined(current(), email);
      const outbox = await outboxRows(current());
      const refusal = await refuseAuditEntries(current());
      try {
        for (const [method, url] of [
          ['POST', `/api/admin/quarantine/${row?.id}/release`],
          ['DELETE', `/api/admin/quarantine/${row?.id}`],
        ] as const) {
          const answer = await current().app.inject({
            method,
            url,
            headers: { cookie, origin: SITE },
          });
          expect(answer.statusCode, method).toBe(500);
        }
      } finally {
        await refusal.release();
      }
      expect(await quarantined(current(), email)).toHaveLength(1);
      expect(await companiesWithEmail(current().db, email)).toHaveLength(0);
      expect(await outboxRows(current())).toBe(outbox);
    });

    it('answers as the OpenAPI document says: the challenge, the list, release and delete', async () => {
      const checker = new OpenApiChecker(await fetchOpenApi(current().app));
      const cookie = await signIn(current().app);
      const call = async (method: 'GET' | 'POST' | 'DELETE', url: string) => {
        const response = await current().app.inject({
          method,
          url,
          headers: { cookie, origin: SITE },
        });
        expect(checker.problems(method, url, response), `${method} ${url}`).toEqual([]);
        return response.statusCode;
      };
      const held = async () => {
        const email = await expectQuarantined(
          current(),
          (address) =>
            post(current(), '/api/candidates/email', validBodies.candidateEmail(address)),
          ['no_form_token'],
        );
        return (await quarantined(current(), email))[0]?.id;
      };
      expect(await call('GET', '/api/altcha/challenge')).toBe(200);
      const [released, deleted] = [await held(), await held()];
      expect(await call('GET', '/api/admin/quarantine?limit=2')).toBe(200);
      expect(await call('POST', `/api/admin/quarantine/${released}/release`)).toBe(200);
      expect(await call('POST', `/api/admin/quarantine/${released}/release`)).toBe(404);
      expect(await call('DELETE', `/api/admin/quarantine/${deleted}`)).toBe(204);
      expect(await call('DELETE', `/api/admin/quarantine/${deleted}`)).toBe(404);
    });

    it('answers a form posted without JavaScript the same way: the same 303 for a bot as for a person', async () => {
      const cookie = await pageCookie(current(), 5000);
      const postForm = (fields: Record<string, string>) =>
        current().app.inject({
          method: 'POST',
          url: '/api/candidates/email',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
            'sec-fetch-mode': 'navigate',
            cookie,
          },
          payload: new URLSearchParams(fields).toString(),
        });
      const person = uniqueEmail('nojs-person');
      const answer = await postForm({ email: person, page: '/career', website: '' });
      expect(answer.statusCode).toBe(303);
      expect(await candidatesWithEmail(current().db, person)).toHaveLength(1);
      await expectQuarantined(
        current(),
        (email) => postForm({ email, page: '/career', website: 'http://x.example' }),
        ['honeypot'],
        (response) => {
          expect(response.statusCode).toBe(answer.statusCode);
          expect(response.headers.location).toBe(answer.headers.location);
        },
      );
    });

    it('answers 400 naming the fields for an invalid body, suspect or not, and keeps nothing', async () => {
      const response = await post(
        current(),
        '/api/candidates/email',
        { website: 'x' },
        { 'user-agent': BOT },
      );
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fields)).toEqual(['email']);
    });

    it('with LEAD_RATE_LIMIT=0 turns every per-address limit off and counts nothing in the database', async () => {
      for (let i = 0; i < 5; i++) {
        const response = await post(
          current(),
          '/api/candidates/email',
          validBodies.candidateEmail(uniqueEmail('unlimited')),
          {},
          '203.0.113.90',
        );
        expect(response.statusCode).toBe(200);
      }
      expect(
        await current().ephemeral.selectFrom('lead_address_counts').selectAll().execute(),
      ).toEqual([]);
    });
  },
  {
    // LEAD_RATE_LIMIT is 0 here (the tests' default): the limits have the block below.
    env: spamEnv,
    notificationWorker: { enabled: false },
    conversionWorker: { enabled: false },
  },
);

const RATE = 3;
const FLOOD = 8;

/** A flood's answer: 429, the message, and to wait until the minute is over. */
function expectRefused(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
  expect(response.json()).toEqual({ error: TOO_MANY_SUBMISSIONS });
}

describeEachDatabase(
  'per-address limits: past LEAD_RATE_LIMIT quarantined, only a flood refused',
  (current) => {
    const postFrom = (address: string, url: string, body: unknown) =>
      post(current(), url, body, {}, address);
    const emailLeadFrom = (address: string, email: string) =>
      postFrom(address, '/api/candidates/email', validBodies.candidateEmail(email));

    it('lets LEAD_RATE_LIMIT valid forms a minute through, then quarantines the rest with the same answer', async () => {
      await awayFromMinuteEdge();
      const address = '198.51.100.7';
      const emails = Array.from({ length: RATE + 2 }, () => uniqueEmail('rate'));
      for (const email of emails) {
        const response = await emailLeadFrom(address, email);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ ok: true });
      }
      for (const email of emails.slice(0, RATE)) {
        expect(await candidatesWithEmail(current().db, email)).toHaveLength(1);
      }
      for (const email of emails.slice(RATE)) {
        expect(await candidatesWithEmail(current().db, email)).toHaveLength(0);
        const [row] = await quarantined(current(), email);
        expect(row?.reasons).toBe('rate');
      }
      // Another address has its own count.
      const other = uniqueEmail('rate-other');
      await emailLeadFrom('198.51.100.8', other);
      expect(await candidatesWithEmail(current().db, other)).toHaveLength(1);
      // The counts name no address: only a keyed hash is stored.
      const rows = await current()
        .ephemeral.selectFrom('lead_address_counts')
        .selectAll()
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toContain('198.51.100');
    });

    it('answers a flood (the flood limit: requests a minute) 429 with Retry-After, and stores nothing of it', async () => {
      await awayFromMinuteEdge();
      const address = '198.51.100.9';
      for (let i = 0; i < FLOOD; i++) {
        const response = await emailLeadFrom(address, uniqueEmail('flood'));
        expect(response.statusCode).toBe(200);
      }
      const stored = await leadCount(current().db);
      const email = uniqueEmail('flood-over');
      const response = await emailLeadFrom(address, email);
      expectRefused(response);
      expect(await leadCount(current().db)).toBe(stored);
      expect(await quarantined(current(), email)).toHaveLength(0);
      const health = await current().app.inject({ url: '/api/health', remoteAddress: address });
      expect(health.statusCode).toBe(200);
    });

    it('answers 429 once an address sent invalid bodies in bulk', async () => {
      await awayFromMinuteEdge();
      const address = '198.51.100.10';
      for (let i = 0; i < RATE; i++) {
        const response = await postFrom(address, '/api/companies/email', { email: 'nope' });
        expect(response.statusCode).toBe(400);
      }
      const email = uniqueEmail('after-invalid');
      const response = await postFrom(
        address,
        '/api/companies/email',
        validBodies.companyEmail(email),
      );
      expectRefused(response);
      expect(await companiesWithEmail(current().db, email)).toHaveLength(0);
    });
  },
  {
    env: { LEAD_RATE_LIMIT: String(RATE) },
    bounds: { leadFloodLimit: FLOOD },
    notificationWorker: { enabled: false },
  },
);
