import { createHash, randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import type { PersonErasure, PersonReport } from '../../src/shared/admin-person';
import { SCREENING_URL } from '../../src/shared/booking-screening';
import { SCREENING_ANSWER_URL } from '../../src/shared/booking-view';
import { patchCandidateStatus, signIn } from '../support/admin';
import { candidateIdOf, candidateMetaRows, postJson } from '../support/api';
import { applicant, bookCall, openForCalls } from '../support/calls';
import { eventually } from '../support/eventually';
import { startGraphReceiver } from '../support/graph-receiver';
import { validBodies } from '../support/lead-bodies';
import { opened, post, postForm, statusLinkTo, statusSiteBuild } from '../support/status-page';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';
import { searchHeader } from '../support/search';

/* "Download my data" on /status (decision 135): the person's own copy, with the mailbox proof. */

const CLIENT_DIR = await statusSiteBuild();
const NOTE = 'Private: sounded unsure on the phone';

describeEachDatabase(
  "the person's copy of their data",
  (current) => {
    it('downloads their leads, forms, call and history as a JSON file, without the team notes or anyone else', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const owner = await signIn(app);
      await openForCalls(app, owner);
      const email = uniqueEmail('copy');
      const sent = await postJson(app, '/api/candidates/submit', {
        ...validBodies.candidateApplication(email),
        reason: 'I fix radios.',
      });
      expect(sent.statusCode).toBe(200);
      const id = await candidateIdOf(db, email);
      const proof = await opened(app, await statusLinkTo(testApp, { table: 'candidates', id }));
      const { booking } = await bookCall(app, proof);
      await post(app, '/api/status/opt-out', {}, proof);
      const noted = await app.inject({
        method: 'POST',
        url: `/api/candidate-submissions/${id}/notes`,
        headers: { cookie: owner },
        payload: { text: NOTE },
      });
      expect(noted.statusCode).toBe(201);
      expect((await patchCandidateStatus(app, id, 'contacted')).statusCode).toBe(200);
      const mailed = {
        method: 'POST',
        url: `/api/candidate-submissions/${id}/send-email`,
      } as const;
      expect((await app.inject({ ...mailed, headers: { cookie: owner } })).statusCode).toBe(200);
      // Another person's lead that keeps this address as a secondary e-mail: not theirs.
      const other = uniqueEmail('other');
      await postJson(app, '/api/candidates/submit', {
        ...validBodies.candidateApplication(other),
        firstName: 'Otto',
      });
      const otherId = await candidateIdOf(db, other);
      await db
        .insertInto('lead_contacts')
        .values({
          lead_table: 'candidates',
          lead_id: otherId,
          kind: 'email',
          value: email,
          search_key: email,
          created_at: new Date().toISOString(),
        })
        .execute();

      const response = await post(app, '/api/status/download', { lead: `c${id}` }, proof);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-disposition']).toBe('attachment; filename="my-data.json"');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const copy = response.json();
      expect(copy).toMatchObject({
        email,
        leads: [
          {
            kind: 'candidate',
            details: { email, first_name: 'Ada', phone: '555-0100', reason: 'I fix radios.' },
            forms: [{ form: 'candidate-application', fields: { reason: 'I fix radios.' } }],
            bookings: { calls: [{ slot_start: booking.start, cancelled_at: null }] },
            // The Conversions API is off: nothing went to Meta.
            metaEvents: [],
          },
        ],
      });
      const history = copy.leads[0].history.map((entry: { text: string }) => entry.text);
      expect(history).toContain(
        'Opted out of sale and sharing: no more events to Meta by the person',
      );
      // The team's change, naming no one of the team.
      expect(history).toContain('Status changed from New to Contacted');
      expect(history).toContain('Form e-mail saved to the outbox: no mail server is configured');
      expect(response.body).not.toContain('by Owner');
      expect(copy.leads).toHaveLength(1);
      expect(response.body).not.toContain(NOTE);
      expect(response.body).not.toContain('Otto');
      expect(response.body).not.toContain(other);
      expect(response.body).not.toContain('proof_issued');

      // In the lead's history once a day, however often they download.
      await postForm(app, '/api/status/download', { lead: `c${id}` }, proof);
      const detail = await app.inject({
        url: `/api/candidate-submissions/${id}`,
        headers: { cookie: owner },
      });
      const entries = detail.json<{ timeline: { text: string }[] }>().timeline;
      expect(entries.filter((entry) => entry.text === 'Downloaded their data')).toHaveLength(1);
    });

    it('gives nothing without the mailbox proof of that lead, or from another site', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const email = uniqueEmail('copy-refused');
      await postJson(app, '/api/candidates/submit', validBodies.candidateApplication(email));
      const id = await candidateIdOf(db, email);
      const proof = await opened(app, await statusLinkTo(testApp, { table: 'candidates', id }));
      const lead = { lead: `c${id}` };
      expect((await post(app, '/api/status/download', lead)).statusCode).toBe(403);
      const foreign = { origin: 'https://evil.example' };
      expect((await post(app, '/api/status/download', lead, proof, foreign)).statusCode).toBe(403);
      const plain = await postForm(app, '/api/status/download', lead);
      expect(plain.statusCode).toBe(303);
      expect(plain.headers.location).toBe('/status');
      const activity = await db
        .selectFrom('lead_activity')
        .select('kind')
        .where('lead_id', '=', id)
        .where('kind', '=', 'data_downloaded')
        .execute();
      expect(activity).toEqual([]);
    });

    it("the team's answer to an access request holds their calls and screening answers too", async () => {
      const testApp = current();
      const { app, db } = testApp;
      const owner = await signIn(app);
      await openForCalls(app, owner);
      const questions = [{ question: 'Are you 18 or older?', explanation: 'Not yet.' }];
      const saved = await app.inject({
        method: 'PUT',
        url: SCREENING_URL,
        headers: { cookie: owner },
        payload: { questions },
      });
      expect(saved.statusCode).toBe(200);
      const email = uniqueEmail('access');
      const form = await applicant(app, email);
      const answered = await postJson(
        app,
        SCREENING_ANSWER_URL,
        { answer0: 'yes' },
        { cookie: form },
      );
      expect(answered.statusCode).toBe(200);
      await bookCall(app, form);
      const id = await candidateIdOf(db, email);
      const proof = await opened(app, await statusLinkTo(testApp, { table: 'candidates', id }));
      const copy = (await post(app, '/api/status/download', { lead: `c${id}` }, proof)).json();
      const { calls, screening } = copy.leads[0].bookings;
      expect(calls).toHaveLength(1);
      expect(screening.answers).toEqual([{ question: questions[0]!.question, answer: 'yes' }]);

      const asked = { url: '/api/admin/data-subject', payload: { email } };
      const headers = { cookie: owner, origin: 'http://localhost:80' };
      const found = await app.inject({ method: 'POST', ...asked, headers });
      const report = found.json<PersonReport>();
      expect(report.calls).toEqual([{ leadId: id, ...calls[0] }]);
      expect(report.screening).toEqual([{ leadId: id, ...screening }]);
      const erased = await app.inject({ method: 'DELETE', ...asked, headers });
      expect(erased.json<PersonErasure>().erased).toMatchObject({ calls: 1, screening: 1 });
    });

    it("the person's own acts leave the lead's Last activity alone, in the list and on the board", async () => {
      const testApp = current();
      const { app, db } = testApp;
      const owner = await signIn(app);
      const email = uniqueEmail('untouched');
      await postJson(app, '/api/candidates/submit', validBodies.candidateApplication(email));
      const id = await candidateIdOf(db, email);
      const lastActivity = async (status: string) => {
        const [list, board] = await Promise.all(
          ['', `/board?status=${status}`].map(async (query) => {
            const url = `/api/candidate-submissions${query}`;
            const headers = { cookie: owner, ...searchHeader(email) };
            const answer = await app.inject({ url, headers });
            expect(answer.statusCode, url).toBe(200);
            return answer.json<{ lastActivityAt: string }[]>()[0]?.lastActivityAt ?? '';
          }),
        );
        expect(board).toBe(list);
        return list ?? '';
      };
      const before = await lastActivity('new');
      expect(before).not.toBe('');
      const proof = await opened(app, await statusLinkTo(testApp, { table: 'candidates', id }));
      const lead = { lead: `c${id}` };
      await post(app, '/api/status/opt-out', {}, proof);
      await post(app, '/api/status/opt-in', lead, proof);
      await post(app, '/api/status/download', lead, proof);
      const withdrawn = await post(app, '/api/status/withdraw', { ...lead, confirm: 'yes' }, proof);
      expect(withdrawn.statusCode).toBe(200);
      expect(await lastActivity('withdrawn')).toBe(before);

      // The team's step is its last activity.
      await app.inject({
        method: 'POST',
        url: `/api/candidate-submissions/${id}/notes`,
        headers: { cookie: owner },
        payload: { text: 'Called: no answer' },
      });
      expect((await lastActivity('withdrawn')) > before).toBe(true);
    });
  },
  { env: { CLIENT_DIR } },
);

const graph = await startGraphReceiver();
afterAll(() => graph.close());
const TOKEN = 'EAAtest-copy-token';

describeEachDatabase(
  "the person's copy of what was sent to Meta",
  (current) => {
    it('names each Meta event recorded for the lead, when, and whether it was sent; none without consent', async () => {
      const testApp = current();
      const { app, db } = testApp;
      /** A candidate who applied with `consent`: their lead id and mailbox proof. */
      const applied = async (consent: string) => {
        const email = uniqueEmail('meta-copy');
        const body = { ...validBodies.candidateApplication(email), eventId: randomUUID(), consent };
        expect((await postJson(app, '/api/candidates/submit', body)).statusCode).toBe(200);
        const id = await candidateIdOf(db, email);
        const link = await statusLinkTo(testApp, { table: 'candidates', id });
        return { email, id, proof: await opened(app, link) };
      };
      const copyOf = async ({ id, proof }: { id: number; proof: string }) =>
        (await post(app, '/api/status/download', { lead: `c${id}` }, proof)).body;

      const granted = await applied('granted');
      await eventually(async () => {
        const rows = await candidateMetaRows(db, granted.id);
        return rows.length === 2 && rows.every((row) => row.state === 'sent') ? rows : undefined;
      });
      // Qualified while Meta fails: that event waits for its retry.
      graph.down();
      try {
        expect((await patchCandidateStatus(app, granted.id, 'qualified')).statusCode).toBe(200);
        await eventually(async () => {
          const row = await db
            .selectFrom('outbox_messages')
            .select('attempts')
            .where('subject_id', '=', granted.id)
            .where('topic', '=', 'qualified')
            .executeTakeFirst();
          return row && row.attempts > 0 ? row : undefined;
        });
        const body = await copyOf(granted);
        const at = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
        expect(JSON.parse(body).leads[0].metaEvents).toEqual([
          { event: 'Lead', recordedAt: at, state: 'sent' },
          { event: 'SubmitApplication', recordedAt: at, state: 'sent' },
          { event: 'qualified', recordedAt: at, state: 'waiting' },
        ]);
        // What Meta matches on, and our token, stay ours.
        const hashedEmail = createHash('sha256').update(granted.email).digest('hex');
        expect(body).not.toContain(hashedEmail);
        expect(body).not.toContain(TOKEN);
        expect(body).not.toContain('An unknown error occurred');
      } finally {
        graph.recover();
      }

      const denied = await applied('denied');
      expect(JSON.parse(await copyOf(denied)).leads[0].metaEvents).toEqual([]);
    });
  },
  {
    env: {
      CLIENT_DIR,
      META_PIXEL_ID: '123456789012345',
      META_CAPI_ACCESS_TOKEN: TOKEN,
      META_GRAPH_URL: graph.url,
    },
    conversionWorker: { pollMs: 30, retryBaseMs: 50 },
  },
);
