import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { adminEnv, signIn } from '../support/admin';
import { newAccount } from '../support/accounts';
import { candidateIdOf } from '../support/api';
import { eventually } from '../support/eventually';
import { startGraphReceiver } from '../support/graph-receiver';
import { startInsightsReceiver } from '../support/insights-receiver';
import { validBodies } from '../support/lead-bodies';
import { startLocalSmtp } from '../support/smtp';
import { createTestApp, describeEachDatabase, uniqueEmail } from '../support/test-app';

/*
 * Meta's tokens never leak (issue 40, decision 110): Meta's "Malformed access token <token>",
 * echoed raw, URL-encoded, in base64 or cut short, is stored, logged and shown without the token,
 * for the Conversions API's and the ad spend pull's; delivery errors are for owners only.
 */

// A viewer and a recruiter, each hashed at the real scrypt cost.
vi.setConfig({ testTimeout: 60_000 });

const CAPI_TOKEN = 'EAAGm0PX4ZCpsBAKZAtr3ZBx+Q0ZCyZAo9/vZB1wZDZDq7Lw';
const ADS_TOKEN = 'EAAJx81Kq+ads/read=Token0u7VbQ2mZ9wLr';
const base64 = (text: string) => Buffer.from(text).toString('base64');

/** Meta's answer to a bad token (Graph API errors, code 190), echoing it every way we know. */
const malformedTokenAnswer = (token: string) => ({
  status: 400,
  body: JSON.stringify({
    error: {
      message:
        `Malformed access token ${token} (as sent: access_token=${encodeURIComponent(token)}, ` +
        `Bearer ${base64(token)}; starting ${token.slice(0, 24)}…)`,
      type: 'OAuthException',
      code: 190,
      fbtrace_id: 'AXc2dQpWvG1f4kY0',
    },
  }),
});

/** True when `text` holds 12 characters of `token` in a row, or its base64. */
const leaks = (text: string, token: string) =>
  text.includes(base64(token).slice(0, 16)) ||
  Array.from({ length: token.length - 11 }, (_, i) => token.slice(i, i + 12)).some((run) =>
    text.includes(run),
  );

const graph = await startGraphReceiver();
const insights = await startInsightsReceiver();
const smtp = await startLocalSmtp();
const logs: string[] = [];
afterAll(async () => {
  await graph.close();
  await insights.close();
  await smtp.close();
});

describeEachDatabase(
  "the Conversions API's token",
  (current) => {
    it('is cut from the stored error, the logs and every answer; only owners read the error', async () => {
      const testApp = current();
      const { app, db } = testApp;
      graph.down(malformedTokenAnswer(CAPI_TOKEN));
      const email = uniqueEmail('capi-secret');
      const posted = await app.inject({
        method: 'POST',
        url: '/api/candidates/email',
        headers: { 'content-type': 'application/json' },
        payload: {
          ...validBodies.candidateEmail(email),
          eventId: randomUUID(),
          consent: 'granted',
        },
      });
      expect(posted.statusCode).toBe(200);
      const id = await candidateIdOf(db, email);
      const stored = await eventually(async () => {
        const row = await db
          .selectFrom('outbox_messages')
          .select('last_error')
          .where('destination', '=', 'meta')
          .where('subject_id', '=', id)
          .executeTakeFirst();
        return row?.last_error ?? undefined;
      });
      graph.recover();
      expect(stored).toMatch(/^Meta answered HTTP 400: Malformed access token \[redacted\]/);
      expect(stored).toContain('(code 190)');
      expect(leaks(stored, CAPI_TOKEN)).toBe(false);
      expect(leaks(logs.join(''), CAPI_TOKEN)).toBe(false);

      const owner = await signIn(app);
      const viewer = await newAccount(app, smtp, owner, 'viewer');
      const recruiter = await newAccount(app, smtp, owner, 'recruiter');
      /** A GET, or a POST of `body` (a person's record: the address is never in a URL). */
      const read = async (cookie: string, url: string, body?: object) => {
        const response = await app.inject({
          url,
          headers: { cookie },
          ...(body ? { method: 'POST', payload: body } : {}),
        });
        expect(response.statusCode, url).toBe(200);
        expect(leaks(response.body, CAPI_TOKEN), url).toBe(false);
        return response.json();
      };
      const errorsSeenBy = async (cookie: string) => {
        const detail = await read(cookie, `/api/candidate-submissions/${id}`);
        const deliveries = await read(cookie, '/api/admin/deliveries');
        const delivery = deliveries.failed.find(
          (failed: { leadId: number }) => failed.leadId === id,
        );
        expect(detail.conversions[0]).toMatchObject({ event: 'Lead', state: 'pending' });
        return [detail.conversions[0].error, delivery.lastError];
      };
      expect(await errorsSeenBy(owner)).toEqual([stored, stored]);
      // Viewers and recruiters see the state, without Meta's words.
      expect(await errorsSeenBy(viewer.cookie)).toEqual([null, null]);
      expect(await errorsSeenBy(recruiter.cookie)).toEqual([null, null]);
      const errorsInReport = async (cookie: string) =>
        (await read(cookie, '/api/admin/data-subject', { email })).outboxMessages
          .filter((message: { destination: string }) => message.destination === 'meta')
          .map((message: { lastError: string | null }) => message.lastError);
      expect(await errorsInReport(recruiter.cookie)).toEqual([null]);
      expect(await errorsInReport(owner)).toEqual([stored]);

      // An error kept before tokens were cut is shown to owners without anything token-shaped.
      await db
        .updateTable('outbox_messages')
        .set({ last_error: `Meta answered HTTP 400: Malformed access token ${CAPI_TOKEN}` })
        .where('destination', '=', 'meta')
        .where('subject_id', '=', id)
        .execute();
      expect(await errorsSeenBy(owner)).toEqual([
        'Meta answered HTTP 400: Malformed access token [redacted]',
        'Meta answered HTTP 400: Malformed access token [redacted]',
      ]);
    });
  },
  {
    env: {
      ...adminEnv,
      SITE_URL: 'https://talent.example',
      SMTP_URL: smtp.url,
      META_PIXEL_ID: '123456789012345',
      META_CAPI_ACCESS_TOKEN: CAPI_TOKEN,
      META_GRAPH_URL: graph.url,
    },
    conversionWorker: { pollMs: 30, retryBaseMs: 60_000 },
    logStream: { write: (line) => logs.push(line) },
  },
);

for (const kind of ['sqlite', 'postgres'] as const) {
  describe.skipIf(kind === 'postgres' && !inject('postgresAdminUrl'))(
    `the ad spend pull's token [${kind}]`,
    () => {
      it('is cut from the stored error, the logs and the delivery problems', async () => {
        insights.down(malformedTokenAnswer(ADS_TOKEN));
        const pullLogs: string[] = [];
        const testApp = await createTestApp(kind, {
          env: {
            ...adminEnv,
            META_ADS_ACCESS_TOKEN: ADS_TOKEN,
            META_AD_ACCOUNT_ID: 'act_1234567890',
            META_GRAPH_URL: insights.url,
            SMTP_URL: smtp.url,
          },
          spendPull: { pollMs: 30, retryBaseMs: 60_000 },
          logStream: { write: (line) => pullLogs.push(line) },
        });
        try {
          const owner = await signIn(testApp.app);
          const spendPull = async (cookie: string) => {
            const response = await testApp.app.inject({
              url: '/api/admin/deliveries',
              headers: { cookie },
            });
            type Problem = { error: string; failures: number } | null;
            return response.json<{ spendPull: Problem }>().spendPull ?? undefined;
          };
          const problem = await eventually(() => spendPull(owner));
          expect(problem.error).toMatch(
            /^Meta insights answered HTTP 400: Malformed access token \[redacted\]/,
          );
          const stored = await testApp.db
            .selectFrom('ad_spend_pulls')
            .select('last_error')
            .executeTakeFirstOrThrow();
          expect(stored.last_error).toBe(problem.error);
          expect(leaks(problem.error, ADS_TOKEN)).toBe(false);
          expect(pullLogs.join('')).toMatch(/Meta ad spend pull failed/);
          expect(leaks(pullLogs.join(''), ADS_TOKEN)).toBe(false);
          // A viewer is told the pull fails, without Meta's words.
          const viewer = await newAccount(testApp.app, smtp, owner, 'viewer');
          expect(await spendPull(viewer.cookie)).toMatchObject({ error: null, failures: 1 });
        } finally {
          insights.recover();
          await testApp.close();
        }
      });
    },
  );
}
