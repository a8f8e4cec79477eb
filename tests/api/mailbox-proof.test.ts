import { expect, it } from 'vitest';
import { PREFILL_COOKIE } from '../../src/shared/prefill-cookie';
import { adminEnv, patchCandidateStatus } from '../support/admin';
import {
  candidateIdOf,
  candidatesWithEmail,
  companiesWithEmail,
  leadProofOf,
  postJson,
} from '../support/api';
import { validBodies } from '../support/lead-bodies';
import {
  cookieHeader,
  NAVIGATION,
  opened,
  openLink,
  post,
  postForm,
  proofCookies,
  statusLinkTo,
  statusPage,
  statusSiteBuild,
} from '../support/status-page';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * Only the person (issue 40, decision 176): the mailbox proof, a mailed link opened once, is
 * the only way to read, change, erase or claim; the form proof carries on its own lead only.
 * Each case is an attack that worked on the code before.
 */

const CLIENT_DIR = await statusSiteBuild();

/** A JSON form post as a browser sends it: the stranger's, or the person's. */
const form = (testApp: TestApp, url: string, body: object, cookie = '', headers = {}) =>
  postJson(testApp.app, url, body, { cookie, headers });

/** The person applied from their own browser; their mailed link opens their status page. */
async function person(testApp: TestApp, headers = {}) {
  const email = uniqueEmail('person');
  const applied = await form(
    testApp,
    '/api/candidates/submit',
    validBodies.candidateApplication(email),
    '',
    headers,
  );
  expect(applied.statusCode).toBe(200);
  const id = await candidateIdOf(testApp.db, email);
  const link = await statusLinkTo(testApp, { table: 'candidates', id });
  return { email, id, link, lead: `c${id}` };
}

const sessionsOf = async ({ db }: TestApp, email: string) =>
  db
    .selectFrom('mailbox_sessions')
    .selectAll()
    .where('email_normalized', '=', email.toLowerCase())
    .execute();

const metaTopics = async ({ db }: TestApp, id: number) =>
  (
    await db
      .selectFrom('outbox_messages')
      .select('topic')
      .where('destination', '=', 'meta')
      .where('subject_type', '=', 'candidate')
      .where('subject_id', '=', id)
      .execute()
  ).map((row) => row.topic);

describeEachDatabase(
  'only the person',
  (current) => {
    it("lets no stranger erase a person's record knowing only the e-mail", async () => {
      const testApp = current();
      const { app, db } = testApp;
      for (const [url, body] of [
        ['/api/companies/email', (email: string) => validBodies.companyEmail(email)],
        ['/api/candidates/email', (email: string) => ({ email })],
      ] as const) {
        const victim = await person(testApp);
        // The victim is a candidate; the stranger makes a company lead of the address, or
        // posts the candidate form again (no proof: it fills blanks only).
        const stranger = await form(testApp, url, body(victim.email));
        const proof = stranger.cookies.some((c) => c.name === 'tb_lead')
          ? leadProofOf(stranger)
          : '';
        const company = (await companiesWithEmail(db, victim.email))[0];
        const named = company ? `k${company.id}` : victim.lead;
        const json = await post(app, '/api/status/erase', { lead: named, confirm: 'yes' }, proof);
        expect(json.statusCode).toBe(403);
        const page = await postForm(
          app,
          '/api/status/erase',
          { lead: named, confirm: 'yes' },
          proof,
        );
        expect(page.statusCode).toBe(303);
        expect(await candidatesWithEmail(db, victim.email)).toHaveLength(1);
      }
      const erasures = await db
        .selectFrom('admin_audit_entries')
        .select('actor')
        .where('action', '=', 'data_subject_erasure')
        .where('actor', '=', 'the person (status page)')
        .execute();
      expect(erasures).toEqual([]);
    });

    it('erases every lead of the address the mailbox proves, and ends its sessions', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const victim = await person(testApp);
      await form(testApp, '/api/companies/email', validBodies.companyEmail(victim.email));
      const first = await opened(app, victim.link);
      expect((await statusPage(app, first)).state?.status).toMatchObject({
        kind: 'leads',
        leads: [{ kind: 'candidate' }, { kind: 'company' }],
      });
      const erased = await post(
        app,
        '/api/status/erase',
        { lead: victim.lead, confirm: 'yes' },
        first,
      );
      expect(erased.statusCode).toBe(200);
      expect(await candidatesWithEmail(db, victim.email)).toEqual([]);
      expect(await companiesWithEmail(db, victim.email)).toEqual([]);
      expect(await sessionsOf(testApp, victim.email)).toEqual([]);
    });

    it('gives the first form no hold on the lead: no stored value, no consent over GPC', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const email = uniqueEmail('first-form');
      // The stranger sends the first form, consenting, and holds its form proof.
      const first = await form(testApp, '/api/candidates/email', { email, consent: 'granted' });
      const stranger = leadProofOf(first);
      const id = await candidateIdOf(db, email);
      // The person starts on /candidates from their own browser, Global Privacy Control on.
      await form(testApp, '/api/candidates/basic-info', validBodies.candidateBasicInfo(email), '', {
        'sec-gpc': '1',
      });
      await form(testApp, '/api/candidates/email', { email, consent: 'granted' }, stranger);

      // The stranger's /status: where to go on, never what the person gave.
      const { state, response } = await statusPage(app, stranger);
      expect(state?.status).toMatchObject({ kind: 'steps' });
      for (const value of ['Ada', 'Lovelace', '555-0100'])
        expect(response.body).not.toContain(value);
      const resumed = await app.inject({
        url: `/status?next=questionnaire&lead=c${id}`,
        headers: { ...NAVIGATION, cookie: stranger },
      });
      expect(resumed.headers.location).toBe('/typeform');
      const prefill = JSON.parse(
        Buffer.from(
          resumed.cookies.find((cookie) => cookie.name === PREFILL_COOKIE)!.value,
          'base64url',
        ).toString(),
      ) as Record<string, string>;
      expect(prefill).toEqual({ candidateEmail: email });
      const changed = await post(
        app,
        '/api/status/details',
        { lead: `c${id}`, firstName: 'Eve', lastName: 'X' },
        stranger,
      );
      expect(changed.statusCode).toBe(403);

      // The team qualifies the lead: the person's GPC holds against the stranger's consent.
      const before = await metaTopics(testApp, id);
      expect((await patchCandidateStatus(app, id, 'qualified')).statusCode).toBe(200);
      expect(await metaTopics(testApp, id)).toEqual(before);
    });

    it("ends the first form's hold once the person opens a link: the form proof is revoked", async () => {
      const testApp = current();
      const { app, db } = testApp;
      const email = uniqueEmail('revoked');
      const stranger = leadProofOf(await form(testApp, '/api/candidates/email', { email }));
      const id = await candidateIdOf(db, email);
      await form(testApp, '/api/candidates/basic-info', validBodies.candidateBasicInfo(email));
      expect((await statusPage(app, stranger)).state?.status).toMatchObject({ kind: 'steps' });

      // The person opens their link: their browser gets both proofs, the stranger's ends.
      const opening = await opened(app, await statusLinkTo(testApp, { table: 'candidates', id }));
      const formProof = opening.split('; ').find((cookie) => cookie.startsWith('tb_lead='))!;
      const renamed = { ...validBodies.candidateBasicInfo(email), firstName: 'Mallory' };
      await form(testApp, '/api/candidates/basic-info', renamed, stranger);
      expect((await candidatesWithEmail(db, email))[0]?.first_name).toBe('Ada');
      expect((await statusPage(app, stranger)).state).toBeUndefined();
      // The person's own form proof, without the mailbox, carries on and changes the lead.
      await form(
        testApp,
        '/api/candidates/basic-info',
        { ...renamed, firstName: 'Augusta' },
        formProof,
      );
      expect((await candidatesWithEmail(db, email))[0]?.first_name).toBe('Augusta');
    });

    it('lets only the mailbox claim a lead from before the proof', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const { email, id, link } = await person(testApp);
      await db.updateTable('candidates').set({ proof_issued: 0 }).where('id', '=', id).execute();
      const claim = { ...validBodies.candidateBasicInfo(email), firstName: 'Mallory' };
      const stranger = await form(testApp, '/api/candidates/basic-info', claim);
      expect(proofCookies(stranger)).toEqual([]);
      expect((await candidatesWithEmail(db, email))[0]).toMatchObject({
        first_name: 'Ada',
        proof_issued: 0,
        unverified_forms: 1,
      });

      // The person opens their link, then sends a form from that browser: it is theirs.
      const mailbox = await opened(app, link);
      const mine = await form(
        testApp,
        '/api/candidates/basic-info',
        { ...validBodies.candidateBasicInfo(email), firstName: 'Augusta' },
        mailbox,
      );
      expect(leadProofOf(mine)).toMatch(/^tb_lead=/);
      expect((await candidatesWithEmail(db, email))[0]).toMatchObject({
        first_name: 'Augusta',
        proof_issued: 1,
        unverified_forms: 1,
      });
    });

    it('spends a link once, ends older sessions with a newer link, and ends them after a day', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const { email, id, link, lead } = await person(testApp);
      const first = await opened(app, link);
      // The same link again, in any browser: spent.
      const again = await openLink(app, link);
      expect(again.headers.location).toBe('/status?link=expired');
      expect(proofCookies(again)).toEqual([]);
      expect((await statusPage(app, '', link)).state?.status).toEqual({
        kind: 'no-link',
        expired: true,
      });

      // A newer link, opened: the first session ends; the address keeps one.
      const second = await opened(app, await statusLinkTo(testApp, { table: 'candidates', id }));
      expect((await statusPage(app, first)).state).toBeUndefined();
      expect((await post(app, '/api/status/reminders', { lead }, first)).statusCode).toBe(403);
      expect((await statusPage(app, second)).state?.status).toMatchObject({ kind: 'leads' });
      expect(await sessionsOf(testApp, email)).toHaveLength(1);

      // A day later the session is over.
      await db
        .updateTable('mailbox_sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('email_normalized', '=', email.toLowerCase())
        .execute();
      // Its form proof remains: the open steps only (none here), no stored value.
      expect((await statusPage(app, second)).state?.status).toEqual({ kind: 'steps', steps: [] });
      const late = await post(app, '/api/status/erase', { lead, confirm: 'yes' }, second);
      expect(late.statusCode).toBe(403);
      expect(await candidatesWithEmail(db, email)).toHaveLength(1);
    });

    it('asks before withdrawing, with or without JavaScript', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const { email, link, lead } = await person(testApp);
      const mailbox = await opened(app, link);
      const json = await post(app, '/api/status/withdraw', { lead }, mailbox);
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual({ error: 'Please confirm the withdrawal' });
      const page = await postForm(app, '/api/status/withdraw', { lead }, mailbox);
      expect(page.headers.location).toBe('/status');
      expect((await candidatesWithEmail(db, email))[0]?.status).toBe('new');
      const done = await postForm(app, '/api/status/withdraw', { lead, confirm: 'yes' }, mailbox);
      expect(done.headers.location).toBe('/status');
      expect((await candidatesWithEmail(db, email))[0]?.status).toBe('withdrawn');
      const { state } = await statusPage(app, cookieHeader(done) + '; ' + mailbox);
      expect(state?.statusNotice).toBe('withdraw');
    });

    it('still carries a form proof through the spec flows from any browser', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const email = uniqueEmail('flow');
      const started = await postJson(app, '/api/candidates/email', { email });
      const proof = leadProofOf(started);
      const applied = await form(
        testApp,
        '/api/candidates/submit',
        validBodies.candidateApplication(email),
        proof,
      );
      expect(applied.statusCode).toBe(200);
      expect((await candidatesWithEmail(db, email))[0]).toMatchObject({
        stage: 'application',
        first_name: 'Ada',
        unverified_forms: 0,
      });
    });
  },
  {
    env: {
      ...adminEnv,
      CLIENT_DIR,
      SITE_URL: 'https://talent.example',
      META_PIXEL_ID: '123456789012345',
      META_CAPI_ACCESS_TOKEN: 'EAAtest-token',
    },
    conversionWorker: { enabled: false },
  },
);
