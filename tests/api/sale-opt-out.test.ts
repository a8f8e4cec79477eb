import { createHash } from 'node:crypto';
import { afterAll, expect, it, onTestFinished, vi } from 'vitest';
import { STATUS_NOTICES } from '../../src/shared/person-status';
import type { TimelineEntry } from '@shared/lead-history';
import { adminEnv, patchCandidateStatus, signIn } from '../support/admin';
import { candidateIdOf, candidateMetaRows, leadProofOf, postJson } from '../support/api';
import { eventually } from '../support/eventually';
import { startGraphReceiver } from '../support/graph-receiver';
import { validBodies } from '../support/lead-bodies';
import {
  cookieHeader,
  opened,
  post,
  postForm,
  statusLinkTo,
  statusPage,
  statusSiteBuild,
} from '../support/status-page';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/* "Do Not Sell or Share" after a form: the server stops the lead's Meta events (decision 110). */

const graph = await startGraphReceiver();
/** The page the status page's state is rendered into. */
const CLIENT_DIR = await statusSiteBuild();
afterAll(() => graph.close());

const OPT_OUT = '/api/status/opt-out';
const OPT_IN = '/api/status/opt-in';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Every event Meta received for the candidate. */
const receivedFor = (id: number) =>
  graph.received
    .flatMap((request) => request.body.data)
    .filter(
      (event) =>
        (event.user_data as { external_id: string[] }).external_id[0] === sha256(`candidate-${id}`),
    );

const metaTopics = async ({ db }: TestApp, id: number) =>
  (await candidateMetaRows(db, id)).map((row) => `${row.topic}:${row.state}`);

const optOut = (testApp: TestApp, cookie: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'POST', url: OPT_OUT, headers: { cookie, ...headers } });

/** A candidate's first form, consent granted, as the site's form sends it. */
async function consentingCandidate(testApp: TestApp, label: string) {
  const email = uniqueEmail(label);
  const body = { ...validBodies.candidateBasicInfo(email), consent: 'granted' };
  const response = await postJson(testApp.app, '/api/candidates/basic-info', body);
  expect(response.statusCode).toBe(200);
  return { email, id: await candidateIdOf(testApp.db, email), proof: leadProofOf(response) };
}

describeEachDatabase(
  'Do Not Sell or Share after a form',
  (current) => {
    it('from the browser of the form: nothing more goes to Meta, the waiting Lead is dropped unsent', async () => {
      const testApp = current();
      graph.down(); // Meta is down: the Lead waits in the outbox
      const { email, id, proof } = await consentingCandidate(testApp, 'opt-out');
      await eventually(
        async () => (await metaTopics(testApp, id))[0] === 'Lead:pending' || undefined,
      );

      expect((await optOut(testApp, proof)).statusCode).toBe(204);
      expect(await metaTopics(testApp, id)).toEqual([]);
      // Later forms from a browser still saying yes, and the team's status changes: none written.
      const application = { ...validBodies.candidateApplication(email), consent: 'granted' };
      const later = await postJson(testApp.app, '/api/candidates/submit', application, {
        cookie: proof,
      });
      expect(later.statusCode).toBe(200);
      for (const status of ['qualified', 'enrolled', 'placed'])
        expect((await patchCandidateStatus(testApp.app, id, status)).statusCode).toBe(200);
      expect(await metaTopics(testApp, id)).toEqual([]);
      graph.recover();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receivedFor(id)).toEqual([]);

      // The team sees it in the lead's timeline, once however often the person presses it.
      expect((await optOut(testApp, proof)).statusCode).toBe(204);
      const detail = await testApp.app.inject({
        url: `/api/candidate-submissions/${id}`,
        headers: { cookie: await signIn(testApp.app) },
      });
      const timeline = (detail.json() as { timeline: TimelineEntry[] }).timeline;
      expect(timeline.filter((entry) => entry.kind === 'opted_out')).toEqual([
        {
          at: expect.any(String),
          kind: 'opted_out',
          text: 'Opted out of sale and sharing: no more events to Meta by the person',
        },
      ]);
    });

    it("from another browser with the status page's mailbox proof: the address's leads stop", async () => {
      const testApp = current();
      const { id } = await consentingCandidate(testApp, 'opt-out-mailbox');
      await eventually(async () => (await metaTopics(testApp, id))[0] === 'Lead:sent' || undefined);
      const mailbox = await opened(
        testApp.app,
        await statusLinkTo(testApp, { table: 'candidates', id }),
      );
      expect((await optOut(testApp, mailbox)).statusCode).toBe(204);
      expect((await patchCandidateStatus(testApp.app, id, 'qualified')).statusCode).toBe(200);
      expect(await metaTopics(testApp, id)).toEqual(['Lead:sent']);
    });

    it('the status page shows the opt-out; the person opts back in there: the timeline says so, events resume', async () => {
      const testApp = current();
      const { app } = testApp;
      const { id, proof } = await consentingCandidate(testApp, 'opt-in');
      await eventually(async () => (await metaTopics(testApp, id))[0] === 'Lead:sent' || undefined);
      const mailbox = await opened(app, await statusLinkTo(testApp, { table: 'candidates', id }));
      expect((await optOut(testApp, mailbox)).statusCode).toBe(204);
      const shown = async () => {
        const { state } = await statusPage(app, mailbox);
        return state?.status?.kind === 'leads' ? state.status.leads[0]?.optedOut : undefined;
      };
      expect(await shown()).toBe(true);

      // The form's own proof is not the mailbox's: it cannot opt back in.
      expect((await post(app, OPT_IN, { lead: `c${id}` }, proof)).statusCode).toBe(403);
      const optedIn = await post(app, OPT_IN, { lead: `c${id}` }, mailbox);
      expect(optedIn.statusCode).toBe(200);
      expect(optedIn.json()).toEqual({ message: 'You have opted back in to sale and sharing.' });
      expect(await shown()).toBe(false);
      expect((await patchCandidateStatus(app, id, 'qualified')).statusCode).toBe(200);
      expect((await metaTopics(testApp, id)).map((topic) => topic.split(':')[0])).toEqual([
        'Lead',
        'qualified',
      ]);
      const detail = await app.inject({
        url: `/api/candidate-submissions/${id}`,
        headers: { cookie: await signIn(app) },
      });
      const timeline = (detail.json() as { timeline: TimelineEntry[] }).timeline;
      expect(timeline.filter((entry) => entry.text.includes('sale and sharing'))).toEqual([
        expect.objectContaining({ kind: 'opted_out' }),
        {
          at: expect.any(String),
          kind: 'opted_in',
          text: 'Opted back in to sale and sharing by the person',
        },
      ]);
    });

    it('takes three opt-ins a day per lead: toggling past them is 429 and adds no timeline rows', async () => {
      // The cap counts a UTC day: the clock stands at noon (and runs on), so no midnight falls
      // between the opt-ins and the refusals, whenever the test runs.
      const noon = new Date();
      noon.setUTCHours(12, 0, 0, 0);
      vi.useFakeTimers({ toFake: ['Date'], now: noon, shouldAdvanceTime: true });
      onTestFinished(() => void vi.useRealTimers());
      const testApp = current();
      const { app } = testApp;
      const { id } = await consentingCandidate(testApp, 'opt-toggle');
      const mailbox = await opened(app, await statusLinkTo(testApp, { table: 'candidates', id }));
      for (let i = 0; i < 3; i++) {
        expect((await optOut(testApp, mailbox)).statusCode).toBe(204);
        expect((await post(app, OPT_IN, { lead: `c${id}` }, mailbox)).statusCode).toBe(200);
      }
      expect((await optOut(testApp, mailbox)).statusCode).toBe(204);
      const refused = await post(app, OPT_IN, { lead: `c${id}` }, mailbox);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: 'You have opted back in too often today.' });
      // Without JavaScript: back to the page, which says so.
      const form = await postForm(app, OPT_IN, { lead: `c${id}` }, mailbox);
      expect(form.statusCode).toBe(303);
      expect(form.headers.location).toBe('/status');
      const back = await statusPage(app, `${cookieHeader(form)}; ${mailbox}`);
      const notice = back.state?.statusNotice;
      expect(notice && STATUS_NOTICES[notice]).toBe('You have opted back in too often today.');
      // The opt-out still holds, and the refusals wrote nothing.
      for (let i = 0; i < 5; i++) await post(app, OPT_IN, { lead: `c${id}` }, mailbox);
      const { state } = await statusPage(app, mailbox);
      expect(state?.status?.kind === 'leads' && state.status.leads[0]?.optedOut).toBe(true);
      const rows = await testApp.db
        .selectFrom('lead_activity')
        .select('kind')
        .where('lead_table', '=', 'candidates')
        .where('lead_id', '=', id)
        .where('kind', 'in', ['opted_in', 'opted_out'])
        .execute();
      expect(rows).toHaveLength(7);
    });

    it('changes nothing without a proof, or when another site posts it', async () => {
      const testApp = current();
      const { id, proof } = await consentingCandidate(testApp, 'opt-out-forged');
      expect((await optOut(testApp, '')).statusCode).toBe(204);
      const forged = await optOut(testApp, proof, { origin: 'https://evil.example' });
      expect(forged.statusCode).toBe(403);
      expect((await patchCandidateStatus(testApp.app, id, 'qualified')).statusCode).toBe(200);
      const topics = await metaTopics(testApp, id);
      expect(topics.map((topic) => topic.split(':')[0])).toEqual(['Lead', 'qualified']);
    });
  },
  {
    env: {
      ...adminEnv,
      SITE_URL: 'https://talent.example',
      CLIENT_DIR,
      META_PIXEL_ID: '123456789012345',
      META_CAPI_ACCESS_TOKEN: 'EAAtest-opt-out-token',
      META_GRAPH_URL: graph.url,
    },
    conversionWorker: { pollMs: 30, retryBaseMs: 50 },
  },
);
