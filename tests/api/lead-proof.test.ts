import { expect, it } from 'vitest';
import { adminEnv, patchCandidateStatus, signIn } from '../support/admin';
import {
  candidateIdOf,
  candidateMetaRows,
  candidatesWithEmail,
  leadCount,
  leadProofOf,
  postJson,
  type BrowserPost,
} from '../support/api';
import { BROWSER_USER_AGENT } from '../support/browser-user-agent';
import { validBodies } from '../support/lead-bodies';
import { searchHeader } from '../support/search';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * A lead belongs to its person (issue 21, docs/decisions/176): the browser that created a lead
 * holds its form proof; a form without it only fills what is empty, is kept as unverified and
 * sends nothing to Meta. Each case below is an attack that worked before the proof; the mailbox
 * proof's are in mailbox-proof.test.ts.
 */

const SINGLE_LINE = 'Please use a single line without special characters.';

const post = (testApp: TestApp, url: string, body: object, options?: BrowserPost) =>
  postJson(testApp.app, url, body, options);

/** The victim applied from their own browser, with Global Privacy Control on. */
async function victim(testApp: TestApp) {
  const email = uniqueEmail('victim');
  await post(testApp, '/api/candidates/submit', validBodies.candidateApplication(email), {
    headers: { 'sec-gpc': '1' },
  });
  return email;
}

const metaTopics = async (testApp: TestApp, id: number) =>
  (await candidateMetaRows(testApp.db, id)).map((row) => row.topic);

async function detailOf(testApp: TestApp, id: number) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/candidate-submissions/${id}`,
    headers: { cookie: await signIn(testApp.app) },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{
    unverifiedForms: number;
    submissionsNotKept: number;
    submissions: { form: string; verified: boolean; fields: Record<string, string> | null }[];
  }>();
}

describeEachDatabase(
  'a lead belongs to its person',
  (current) => {
    it('gives the browser that creates a lead its proof: HttpOnly, SameSite=Lax', async () => {
      const response = await post(current(), '/api/candidates/email', { email: uniqueEmail() });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      const cookie = response.cookies.find((c) => c.name === 'tb_lead');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    });

    it("never lets a stranger overwrite the person's names, phone or location", async () => {
      const testApp = current();
      const email = uniqueEmail('overwrite');
      await post(testApp, '/api/candidates/submit', validBodies.candidateApplication(email));
      const [before] = await candidatesWithEmail(testApp.db, email);

      const attack = await post(testApp, '/api/candidates/submit', {
        ...validBodies.candidateApplication(email),
        firstName: 'Mallory',
        lastName: 'Attacker',
        phone: '555-6666',
        location: 'Open in the admin',
      });
      expect(attack.statusCode).toBe(200);
      expect(attack.json()).toEqual({ ok: true });
      expect(attack.cookies.find((c) => c.name === 'tb_lead')).toBeUndefined();

      const [after] = await candidatesWithEmail(testApp.db, email);
      // Nothing changed: not even updated_at, so retention still erases a lead left alone.
      expect({ ...after, unverified_forms: 0 }).toEqual(before);
      // The form is kept whole, unverified, and the lead shows it waiting.
      const detail = await detailOf(testApp, before!.id);
      expect(detail.unverifiedForms).toBe(1);
      expect(detail.submissions).toMatchObject([
        { form: 'candidate-application', verified: true, fields: { first_name: 'Ada' } },
        { form: 'candidate-application', verified: false, fields: { first_name: 'Mallory' } },
      ]);
    });

    it('lets a stranger only fill what is empty and move the stage forward', async () => {
      const testApp = current();
      const email = uniqueEmail('fill');
      await post(testApp, '/api/candidates/email', { email });
      await post(testApp, '/api/candidates/submit', validBodies.candidateApplication(email));
      const [row] = await candidatesWithEmail(testApp.db, email);
      expect(row).toMatchObject({ stage: 'application', first_name: 'Ada', unverified_forms: 1 });
      expect(row!.updated_at > row!.created_at).toBe(true);
    });

    it('lets the browser with the proof change everything, verified', async () => {
      const testApp = current();
      const email = uniqueEmail('owner');
      const first = await post(testApp, '/api/candidates/submit', {
        ...validBodies.candidateApplication(email),
      });
      const again = await post(
        testApp,
        '/api/candidates/submit',
        { ...validBodies.candidateApplication(email), firstName: 'Augusta', phone: '555-0199' },
        { cookie: leadProofOf(first) },
      );
      expect(again.statusCode).toBe(200);
      const [row] = await candidatesWithEmail(testApp.db, email);
      expect(row).toMatchObject({ first_name: 'Augusta', phone: '555-0199', unverified_forms: 0 });
      const detail = await detailOf(testApp, row!.id);
      expect(detail.submissions.map((s) => s.verified)).toEqual([true, true]);
    });

    it('refuses a proof for another lead, or one not signed by the server', async () => {
      const testApp = current();
      const mine = await post(testApp, '/api/candidates/email', { email: uniqueEmail() });
      const email = uniqueEmail('other');
      await post(testApp, '/api/candidates/basic-info', validBodies.candidateBasicInfo(email));
      const id = await candidateIdOf(testApp.db, email);
      for (const cookie of [leadProofOf(mine), `tb_lead=c${id}.forged`]) {
        await post(
          testApp,
          '/api/candidates/basic-info',
          { ...validBodies.candidateBasicInfo(email), firstName: 'Mallory' },
          { cookie },
        );
      }
      expect((await candidatesWithEmail(testApp.db, email))[0]?.first_name).toBe('Ada');
    });

    it('gives the proof to a form posted without JavaScript too', async () => {
      const testApp = current();
      const email = uniqueEmail('nojs');
      const navigate = (fields: Record<string, string>, cookie?: string) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/candidates/submit',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'text/html',
            'sec-fetch-mode': 'navigate',
            'user-agent': BROWSER_USER_AGENT,
            ...(cookie ? { cookie } : {}),
          },
          payload: new URLSearchParams({ ...fields, page: '/apply' }).toString(),
        });
      const fields = validBodies.candidateApplication(email) as Record<string, string>;
      const first = await navigate(fields);
      expect(first.statusCode).toBe(303);
      const proof = leadProofOf(first);
      await navigate({ ...fields, firstName: 'Augusta' }, proof);
      expect((await candidatesWithEmail(testApp.db, email))[0]?.first_name).toBe('Augusta');
    });

    it("never marks a stranger's questionnaire done as verified, nor sends its event", async () => {
      const testApp = current();
      const email = uniqueEmail('typeform');
      await post(testApp, '/api/candidates/basic-info', {
        ...validBodies.candidateBasicInfo(email),
        consent: 'granted',
      });
      const id = await candidateIdOf(testApp.db, email);
      expect(await metaTopics(testApp, id)).toEqual(['Lead']);
      await post(testApp, '/api/candidates/typeform-completed', { email, consent: 'granted' });
      expect(await metaTopics(testApp, id)).toEqual(['Lead']);
      const detail = await detailOf(testApp, id);
      expect(detail.unverifiedForms).toBe(1);
      expect(detail.submissions.at(-1)).toMatchObject({
        form: 'typeform-completed',
        verified: false,
      });
    });

    it("sends nothing to Meta on a stranger's consent for a lead that said GPC", async () => {
      const testApp = current();
      const email = await victim(testApp);
      const id = await candidateIdOf(testApp.db, email);
      const before = await metaTopics(testApp, id);
      await post(testApp, '/api/candidates/typeform-completed', { email, consent: 'granted' });
      expect(await metaTopics(testApp, id)).toEqual(before);
      expect(before).not.toContain('CompleteRegistration');
      // Nor later, when the team qualifies the lead: the person's own forms said GPC.
      const patched = await patchCandidateStatus(testApp.app, id, 'qualified');
      expect(patched.statusCode).toBe(200);
      expect(await metaTopics(testApp, id)).toEqual(before);
    });

    it('builds events from what the proof sent, never from what a stranger filled in', async () => {
      const testApp = current();
      const email = uniqueEmail('contact');
      const first = await post(testApp, '/api/candidates/email', { email, consent: 'granted' });
      const id = await candidateIdOf(testApp.db, email);
      await post(testApp, '/api/candidates/basic-info', {
        ...validBodies.candidateBasicInfo(email),
        firstName: 'Mallory',
        phone: '555-6666',
        consent: 'granted',
      });
      await post(
        testApp,
        '/api/candidates/typeform-completed',
        { email, consent: 'granted' },
        { cookie: leadProofOf(first) },
      );
      const [registration] = await testApp.db
        .selectFrom('outbox_messages')
        .select('payload')
        .where('subject_id', '=', id)
        .where('topic', '=', 'CompleteRegistration')
        .execute();
      expect(JSON.parse(registration!.payload)).toMatchObject({
        lead: { email, firstName: null, lastName: null, phone: null },
      });
    });

    it('keeps at most 50 forms of a lead, and counts the rest', async () => {
      const testApp = current();
      const email = uniqueEmail('cap');
      const first = await post(testApp, '/api/candidates/email', { email });
      for (let n = 1; n < 55; n++) {
        await post(testApp, '/api/candidates/email', { email }, { cookie: leadProofOf(first) });
      }
      const detail = await detailOf(testApp, await candidateIdOf(testApp.db, email));
      expect(detail.submissions).toHaveLength(50);
      expect(detail.submissionsNotKept).toBe(5);
    });

    it.each([
      ['/api/candidates/basic-info', 'firstName', 'Ada\nOpen in the admin: https://evil.example'],
      ['/api/candidates/submit', 'lastName', 'Lovelace\r\nBcc: x@example.com'],
      ['/api/candidates/submit', 'phone', '555\u0000\n0100'],
      ['/api/candidates/submit', 'location', 'Austin\u001b[2J'],
    ])(
      'answers 400 on %s for control characters in %s, storing nothing',
      async (url, field, value) => {
        const testApp = current();
        const before = await leadCount(testApp.db);
        const body =
          url === '/api/candidates/submit'
            ? validBodies.candidateApplication(uniqueEmail())
            : validBodies.candidateBasicInfo(uniqueEmail());
        const response = await post(testApp, url, { ...body, [field]: value });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: 'Please check the highlighted fields',
          fields: { [field]: SINGLE_LINE },
        });
        expect(await leadCount(testApp.db)).toBe(before);
      },
    );

    it.each([
      ['/api/companies/email', 'company'],
      ['/api/companies/submit', 'name'],
      ['/api/companies/submit', 'title'],
    ])('answers 400 on %s for a line break in %s', async (url, field) => {
      const testApp = current();
      const body =
        url === '/api/companies/email'
          ? validBodies.companyEmail(uniqueEmail())
          : validBodies.companyRequest(uniqueEmail());
      const response = await post(testApp, url, { ...body, [field]: 'Acme\nInc' });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ [field]: SINGLE_LINE });
    });

    it('lets the team mark the unverified forms reviewed (audited)', async () => {
      const testApp = current();
      const email = uniqueEmail('review');
      await post(testApp, '/api/candidates/basic-info', validBodies.candidateBasicInfo(email));
      await post(testApp, '/api/candidates/basic-info', {
        ...validBodies.candidateBasicInfo(email),
        firstName: 'Mallory',
      });
      const id = await candidateIdOf(testApp.db, email);
      const cookie = await signIn(testApp.app);
      const list = await testApp.app.inject({
        method: 'GET',
        url: '/api/candidate-submissions',
        headers: { cookie, ...searchHeader(email) },
      });
      expect(list.json<{ id: number; unverifiedForms: number }[]>()).toContainEqual(
        expect.objectContaining({ id, unverifiedForms: 1 }),
      );
      const reviewed = await testApp.app.inject({
        method: 'POST',
        url: `/api/candidate-submissions/${id}/reviewed`,
        headers: { cookie },
      });
      expect(reviewed.statusCode).toBe(200);
      expect(reviewed.json()).toMatchObject({ id, unverifiedForms: 0 });
      const audit = await testApp.app.inject({
        method: 'GET',
        url: '/api/admin/audit',
        headers: { cookie },
      });
      expect(JSON.stringify(audit.json())).toContain('"unverified_reviewed"');
    });
  },
  {
    env: {
      ...adminEnv,
      SITE_URL: 'https://talent.example',
      META_PIXEL_ID: '123456789012345',
      META_CAPI_ACCESS_TOKEN: 'EAAtest-token',
    },
    // The events wait in the outbox: what was written is what these tests read.
    conversionWorker: { enabled: false },
  },
);
