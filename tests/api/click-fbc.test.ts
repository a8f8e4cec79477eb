import { createHash } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { adminEnv, patchCandidateStatus, signIn } from '../support/admin';
import { candidateIdOf, leadProofOf, postJson } from '../support/api';
import { bookCall, openForCalls } from '../support/calls';
import { eventually } from '../support/eventually';
import { startGraphReceiver } from '../support/graph-receiver';
import { validBodies } from '../support/lead-bodies';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * Without the `_fbc` cookie the server builds `fbc` from the lead's ad click (decision 110), as
 * Meta's parameter builder keeps it: the latest fbclid, timed when it was first received. Every
 * event of one click carries the same value.
 */

const graph = await startGraphReceiver();
afterAll(() => graph.close());
const capiEnv = {
  ...adminEnv,
  SITE_URL: 'https://talent.example',
  META_PIXEL_ID: '123456789012345',
  META_CAPI_ACCESS_TOKEN: 'EAAtest-click-token',
  META_GRAPH_URL: graph.url,
};

const FIRST_CLICK = 'IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_first';
const NEXT_CLICK = 'IwAR0-xYz9Ab_next-ad-click';
const consent = 'granted';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Each event Meta received for the person, by name: its fbc, once `count` arrived. */
const fbcByEvent = (email: string, count: number) =>
  eventually(() => {
    const em = sha256(email.toLowerCase());
    const events = graph.received
      .flatMap((request) => request.body.data)
      .filter((event) => (event.user_data as { em: string[] }).em[0] === em);
    if (events.length < count) return undefined;
    return Object.fromEntries(
      events.map((event) => [event.event_name, (event.user_data as { fbc?: string }).fbc]),
    );
  }, 30_000);

/** Meta's fbc of `fbclid`, timed by the first of the candidate's forms that brought it. */
async function fbcOf(testApp: TestApp, id: number, fbclid: string) {
  const forms = await testApp.db
    .selectFrom('lead_submissions')
    .select(['attribution', 'created_at'])
    .where('lead_table', '=', 'candidates')
    .where('lead_id', '=', id)
    .orderBy('id')
    .execute();
  const first = forms.find((form) => form.attribution?.includes(fbclid));
  return `fb.1.${Date.parse(first!.created_at)}.${fbclid}`;
}

describeEachDatabase(
  'fbc without the _fbc cookie',
  (current) => {
    it('is one value for all events of one ad click; a later click’s events carry that click', async () => {
      const testApp = current();
      const { app } = testApp;
      await openForCalls(app, await signIn(app));
      const email = uniqueEmail('one-click');
      const landing = { page: '/candidates', fbclid: FIRST_CLICK };
      const basic = { ...validBodies.candidateBasicInfo(email), attribution: landing, consent };
      const first = await postJson(app, '/api/candidates/basic-info', basic);
      expect(first.statusCode).toBe(200);
      const cookie = leadProofOf(first);
      // The same tab a while later: its session still holds the landing's fbclid.
      const answers = { ...validBodies.questionnaire(email), attribution: landing, consent };
      expect(
        (await postJson(app, '/api/candidates/questionnaire', answers, { cookie })).statusCode,
      ).toBe(200);
      await bookCall(app, cookie);
      const id = await candidateIdOf(testApp.db, email);
      expect((await patchCandidateStatus(app, id, 'qualified')).statusCode).toBe(200);

      const oneClick = await fbcOf(testApp, id, FIRST_CLICK);
      expect(await fbcByEvent(email, 4)).toEqual({
        Lead: oneClick,
        CompleteRegistration: oneClick,
        Schedule: oneClick,
        qualified: oneClick,
      });

      // Another ad brings the person back: Meta's _fbc would now hold that click.
      const application = {
        ...validBodies.candidateApplication(email),
        attribution: { page: '/apply', fbclid: NEXT_CLICK },
        consent,
      };
      expect(
        (await postJson(app, '/api/candidates/submit', application, { cookie })).statusCode,
      ).toBe(200);
      expect((await patchCandidateStatus(app, id, 'enrolled')).statusCode).toBe(200);
      const nextClick = await fbcOf(testApp, id, NEXT_CLICK);
      expect(await fbcByEvent(email, 6)).toEqual({
        Lead: oneClick,
        CompleteRegistration: oneClick,
        Schedule: oneClick,
        qualified: oneClick,
        SubmitApplication: nextClick,
        enrolled: nextClick,
      });
    }, 45_000);
  },
  { env: capiEnv, conversionWorker: { pollMs: 30, retryBaseMs: 50 } },
);
