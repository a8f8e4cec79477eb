import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/database';
import { loadConfig } from '../../src/server/config/config';
import { tablesOf } from '../../src/server/platform/database/connection';
import { claimDueMessages, enqueueMessages } from '../../src/server/platform/outbox/outbox';
import type { OutboxTables } from '../../src/server/platform/outbox/outbox-tables';
import { createTestDatabase } from '../support/postgres';
import { adminEnv, signIn } from '../support/admin';
import { candidateIdOf, leadProofOf, postJson } from '../support/api';
import { validBodies } from '../support/lead-bodies';
import { startLocalSmtp, type ReceivedMail } from '../support/smtp';
import {
  createTestApp,
  describeEachDatabase,
  uniqueEmail,
  type TestApp,
} from '../support/test-app';
import { startWebhookReceiver, type ReceivedWebhook } from '../support/webhook-receiver';
import { eventually } from '../support/eventually';

const SITE_URL = 'https://talent.example';
const SECRET = 'whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=';
const FAST_POLL = { pollMs: 50 };

const smtp = await startLocalSmtp();
const receiver = await startWebhookReceiver(SECRET);
afterAll(async () => {
  await smtp.close();
  await receiver.close();
});

const notifyEnv = {
  ...adminEnv,
  SITE_URL,
  SMTP_URL: smtp.url,
  NOTIFY_EMAIL: 'sales@talent.example, ops@talent.example',
  NOTIFY_WEBHOOK_URL: receiver.url,
  NOTIFY_WEBHOOK_SECRET: SECRET,
};

/** The mail's text with quoted-printable soft breaks and escapes undone (when so encoded). */
const mailText = (mail: ReceivedMail) =>
  /quoted-printable/i.test(mail.raw)
    ? mail.raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : mail.raw;

/** The staff's notices: the lead's own e-mails (decision 154) are not what these tests are about. */
const notices = () => smtp.received.filter((mail) => mail.to.includes('sales@talent.example'));
const mailsAbout = (email: string) => notices().filter((mail) => mailText(mail).includes(email));
const mailAbout = (email: string) =>
  eventually(() => notices().find((mail) => mailText(mail).includes(email)));
const hooksAbout = (email: string) =>
  receiver.received.filter((hook) => hook.body.data.email === email);
const hookAbout = (email: string) => eventually<ReceivedWebhook>(() => hooksAbout(email)[0]);
const UNPROVEN = "Sent without the person's proof: the lead's stored values are shown";
/** The first lines of a digest's entries (split by blank lines) about `email`, each once. */
const digestHeadings = (text: string, email: string) => [
  ...new Set(
    text
      .split(/\r?\n\r?\n/)
      .map((entry) => entry.split(/\r?\n/))
      .filter((lines) => lines.includes(`E-mail: ${email}`))
      .map(([heading]) => heading),
  ),
];

const outboxRows = (testApp: TestApp, leadId: number) =>
  testApp.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('subject_id', '=', leadId)
    .where('subject_type', '=', 'candidate')
    .where('destination', '!=', 'person')
    .orderBy('id')
    .execute();

async function newCandidate(app: FastifyInstance, email = uniqueEmail('notify')) {
  const response = await postJson(app, '/api/candidates/basic-info', {
    ...validBodies.candidateBasicInfo(email),
    attribution: { page: '/apply', utmSource: 'google', utmCampaign: 'spring-hiring' },
  });
  expect(response.statusCode).toBe(200);
  return email;
}

describeEachDatabase(
  'new lead notifications',
  (current) => {
    it('e-mails each new lead to NOTIFY_EMAIL with its facts and its admin link', async () => {
      const testApp = current();
      const email = await newCandidate(testApp.app);
      const id = await candidateIdOf(testApp.db, email);
      const mail = await mailAbout(email);
      const text = mailText(mail);
      expect(mail.to).toEqual(['sales@talent.example', 'ops@talent.example']);
      expect(text).toMatch(/^Subject: New candidate lead: Ada Lovelace/m);
      expect(text).toContain('Type: Candidate');
      expect(text).toContain('Phone: 555-0100');
      expect(text).toContain('Source page: /apply');
      expect(text).toContain('UTM source: google');
      expect(text).toContain('UTM campaign: spring-hiring');
      expect(text).toContain(`${SITE_URL}/admin?candidate=${id}`);
    });

    it('names a company by its name, and gives the phone it left for the call', async () => {
      const { app } = current();
      const [first, direct] = [uniqueEmail('company'), uniqueEmail('company')];
      expect(
        (await postJson(app, '/api/companies/email', validBodies.companyEmail(first))).statusCode,
      ).toBe(200);
      const emailOnly = mailText(await mailAbout(first));
      expect(emailOnly).toMatch(/^Subject: New company lead: Acme Data\r?$/m);
      expect(emailOnly).toMatch(/^Name: Acme Data\r?$/m);
      const body = { ...validBodies.companyRequest(direct), phone: '+1 555 0142' };
      expect((await postJson(app, '/api/companies/submit', body)).statusCode).toBe(200);
      const request = mailText(await mailAbout(direct));
      expect(request).toMatch(/^Subject: New company lead: Grace Hopper \(Acme Data\)\r?$/m);
      expect(request).toContain('Phone: +1 555 0142');
    });

    it('tells the team once when a company sends its request after its e-mail step', async () => {
      const { app } = current();
      const email = uniqueEmail('company');
      const first = await postJson(app, '/api/companies/email', validBodies.companyEmail(email));
      await mailAbout(email);
      const body = { ...validBodies.companyRequest(email), phone: '+1 555 0142' };
      const proof = { cookie: leadProofOf(first) };
      expect((await postJson(app, '/api/companies/submit', body, proof)).statusCode).toBe(200);
      const request = await eventually(() => mailsAbout(email)[1]);
      const text = mailText(request);
      // The person's own browser: not marked.
      expect(text).toMatch(/^Subject: Company request: Grace Hopper \(Acme Data\)\r?$/m);
      expect(text).not.toContain(UNPROVEN);
      for (const line of [
        'Phone: +1 555 0142',
        'Title: Head of Operations',
        'Company size: Midsize (201-1000)',
        'Talent needs: Ten technicians for a new hall.',
        'Timeline: Soon (3-6 months)',
        'Comments: Night shifts too.',
      ])
        expect(text).toContain(line);
      const hook = await eventually(() => hooksAbout(email)[1]);
      expect(hook.body.type).toBe('lead.requested');
      expect(hook.body.data).toMatchObject({
        type: 'company',
        verified: true,
        talentNeeds: body.talentNeeds,
      });
      // The request again (a reload, a second tap, a changed word) is no news.
      const again = { ...body, comments: 'Day shifts only.' };
      expect((await postJson(app, '/api/companies/submit', again)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailsAbout(email)).toHaveLength(2);
      expect(hooksAbout(email)).toHaveLength(2);
    });

    it('posts each new lead to the webhook, signed per Standard Webhooks', async () => {
      const testApp = current();
      const email = uniqueEmail('company');
      const response = await postJson(testApp.app, '/api/companies/submit', {
        ...validBodies.companyRequest(email),
        attribution: { page: '/hiring', utmSource: 'linkedin', utmCampaign: 'q3' },
      });
      expect(response.statusCode).toBe(200);
      const hook = await hookAbout(email);
      const [company] = await testApp.db
        .selectFrom('companies')
        .select('id')
        .where('email', '=', email)
        .execute();
      expect(hook.body.type).toBe('lead.created');
      expect(Date.parse(hook.body.timestamp)).not.toBeNaN();
      expect(hook.body.data).toMatchObject({
        type: 'company',
        id: company?.id,
        contactName: 'Grace Hopper',
        companyName: 'Acme Data',
        email,
        sourcePage: '/hiring',
        utmSource: 'linkedin',
        utmCampaign: 'q3',
      });
      expect(receiver.badSignatures).toBe(0);
    });

    it('tells the team once when a known candidate sends the application (/apply, /contact)', async () => {
      const { app } = current();
      const email = uniqueEmail('career');
      const first = await postJson(app, '/api/candidates/email', validBodies.candidateEmail(email));
      await mailAbout(email);
      const body = validBodies.candidateApplication(email);
      const proof = { cookie: leadProofOf(first) };
      expect((await postJson(app, '/api/candidates/submit', body, proof)).statusCode).toBe(200);
      const text = mailText(await eventually(() => mailsAbout(email)[1]));
      expect(text).toMatch(/^Subject: Candidate application: Ada Lovelace\r?$/m);
      expect(text).toContain('A known candidate sent the full application.');
      expect(text).toContain('Phone: 555-0100');
      const hook = await eventually(() => hooksAbout(email)[1]);
      expect(hook.body.type).toBe('lead.requested');
      expect(hook.body.data).toMatchObject({ type: 'candidate', verified: true, firstName: 'Ada' });
      const again = { ...body, reason: 'Still keen.' };
      expect((await postJson(app, '/api/candidates/submit', again)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailsAbout(email)).toHaveLength(2);
      expect(hooksAbout(email)).toHaveLength(2);
    });

    it("announces a known lead's form sent without the proof as stored, marked unverified", async () => {
      const { app } = current();
      const email = await newCandidate(app);
      await mailAbout(email);
      await hookAbout(email);
      // Another browser sends the application for that address: the stored values stay.
      const stranger = {
        ...validBodies.candidateApplication(email),
        firstName: 'Mallory',
        lastName: 'Stranger',
        phone: '555-0666',
        attribution: { page: '/contact', utmSource: 'elsewhere' },
      };
      expect((await postJson(app, '/api/candidates/submit', stranger)).statusCode).toBe(200);
      const text = mailText(await eventually(() => mailsAbout(email)[1]));
      expect(text).toMatch(/^Subject: Candidate application \(unverified\): Ada Lovelace\r?$/m);
      expect(text).toContain(UNPROVEN);
      for (const line of ['Phone: 555-0100', 'Source page: /apply', 'UTM source: google'])
        expect(text).toContain(line);
      expect(text).not.toMatch(/Mallory|Stranger|555-0666|elsewhere/);
      const hook = await eventually(() => hooksAbout(email)[1]);
      expect(hook.body.type).toBe('lead.requested');
      expect(hook.body.data).toMatchObject({
        verified: false,
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '555-0100',
        sourcePage: '/apply',
        utmSource: 'google',
      });
      // A new lead is its own proof.
      expect(hooksAbout(email)[0]?.body.data).toMatchObject({ verified: true });
    });

    it('announces a lead once: a later form short of the application sends nothing', async () => {
      const testApp = current();
      const email = await newCandidate(testApp.app);
      await hookAbout(email);
      await mailAbout(email);
      const id = await candidateIdOf(testApp.db, email);
      const again = await postJson(
        testApp.app,
        '/api/candidates/questionnaire',
        validBodies.questionnaire(email),
      );
      expect(again.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const rows = await outboxRows(testApp, id);
      expect(rows.map((row) => row.destination).sort()).toEqual(['email', 'webhook']);
      expect(rows.every((row) => row.state === 'sent')).toBe(true);
      expect(hooksAbout(email)).toHaveLength(1);
    });

    it('keeps no copy of the lead once delivered, and nothing once the lead is deleted', async () => {
      const testApp = current();
      const email = await newCandidate(testApp.app);
      const id = await candidateIdOf(testApp.db, email);
      await hookAbout(email);
      await mailAbout(email);
      const delivered = await eventually(async () => {
        const rows = await outboxRows(testApp, id);
        return rows.length === 2 && rows.every((row) => row.state === 'sent') ? rows : undefined;
      });
      for (const row of delivered) expect(row.payload).not.toContain(email);
      const cookie = await signIn(testApp.app);
      const deleted = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/candidate-submissions/${id}`,
        headers: { cookie },
      });
      expect(deleted.statusCode).toBe(204);
      expect(await outboxRows(testApp, id)).toEqual([]);
    });

    it('retries a failed webhook later and then delivers it', async () => {
      const testApp = current();
      const email = uniqueEmail('notify');
      receiver.failFor(email, 1);
      await newCandidate(testApp.app, email);
      const id = await candidateIdOf(testApp.db, email);
      const failed = await eventually(async () => {
        const row = (await outboxRows(testApp, id)).find((r) => r.destination === 'webhook');
        return row && row.attempts === 1 ? row : undefined;
      });
      expect(failed.state).toBe('pending');
      expect(failed.last_error).toBe('webhook answered HTTP 500');
      // Exponential backoff: the first retry is 30 s later.
      const wait = Date.parse(failed.next_attempt_at) - Date.parse(failed.last_attempt_at ?? '');
      expect(wait).toBe(30_000);
      expect(hooksAbout(email)).toHaveLength(0);
      // Time passes: the retry is due.
      await testApp.db
        .updateTable('outbox_messages')
        .set({ next_attempt_at: new Date().toISOString() })
        .where('id', '=', failed.id)
        .execute();
      const hook = await hookAbout(email);
      expect(hook.id).toBe(`msg_${failed.id}`);
      const sent = await eventually(async () => {
        const row = (await outboxRows(testApp, id)).find((r) => r.destination === 'webhook');
        return row?.state === 'sent' ? row : undefined;
      });
      expect(sent.attempts).toBe(2);
    });

    it('gives up after 24 hours and lists the failure in GET /api/admin/deliveries', async () => {
      const testApp = current();
      const unauthenticated = await testApp.app.inject({ url: '/api/admin/deliveries' });
      expect(unauthenticated.statusCode).toBe(401);

      receiver.down();
      try {
        const email = await newCandidate(testApp.app);
        const id = await candidateIdOf(testApp.db, email);
        const failing = await eventually(async () => {
          const row = (await outboxRows(testApp, id)).find((r) => r.destination === 'webhook');
          return row && row.attempts === 1 ? row : undefined;
        });
        // A day later, the next attempt fails too: the message is given up.
        const dayAgo = new Date(Date.now() - 25 * 3600_000).toISOString();
        await testApp.db
          .updateTable('outbox_messages')
          .set({ created_at: dayAgo, next_attempt_at: new Date().toISOString() })
          .where('id', '=', failing.id)
          .execute();
        await eventually(async () => {
          const row = (await outboxRows(testApp, id)).find((r) => r.id === failing.id);
          return row?.state === 'failed' ? row : undefined;
        });
        const cookie = await signIn(testApp.app);
        const response = await testApp.app.inject({
          url: '/api/admin/deliveries',
          headers: { cookie },
        });
        expect(response.statusCode).toBe(200);
        const body = response.json<{ failedCount: number; failed: Record<string, unknown>[] }>();
        expect(body.failedCount).toBeGreaterThanOrEqual(1);
        expect(body.failed[0]).toEqual({
          id: failing.id,
          destination: 'webhook',
          topic: 'lead.created',
          leadType: 'candidate',
          leadId: id,
          attempts: 2,
          lastError: 'webhook answered HTTP 500',
          createdAt: dayAgo,
          lastAttemptAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        });
      } finally {
        receiver.recover();
      }
    });
  },
  { env: notifyEnv, notificationWorker: FAST_POLL },
);

async function startSecondServer(
  env: Record<string, string>,
  notificationWorker = { pollMs: 20, digestWindowMs: 500 },
): Promise<FastifyInstance> {
  const app = await buildApp({ config: loadConfig(env), logger: false, notificationWorker });
  await app.ready();
  return app;
}

describeEachDatabase(
  'notifications written while no worker runs',
  (current) => {
    it('are sent once a server with a worker starts', async () => {
      const testApp = current();
      const emails = [await newCandidate(testApp.app), await newCandidate(testApp.app)];
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(emails.flatMap(hooksAbout)).toHaveLength(0);
      const second = await startSecondServer(testApp.env);
      try {
        for (const email of emails) await hookAbout(email);
        for (const email of emails) await mailAbout(email);
        expect(emails.flatMap(hooksAbout)).toHaveLength(2);
      } finally {
        await second.close();
      }
    });
  },
  { env: notifyEnv, notificationWorker: { enabled: false } },
);

describeEachDatabase(
  "a digest of new leads and known leads' completing forms",
  (current) => {
    it('counts each kind in its subject and opening, and names it in each entry', async () => {
      const testApp = current();
      const post = async (url: string, body: unknown) =>
        expect((await postJson(testApp.app, url, body)).statusCode).toBe(200);
      const companies = [uniqueEmail('digest-company'), uniqueEmail('digest-company')];
      const candidate = uniqueEmail('digest-candidate');
      for (const email of companies)
        await post('/api/companies/email', validBodies.companyEmail(email));
      for (const email of [candidate, ...Array.from({ length: 20 }, () => uniqueEmail('digest'))])
        await post('/api/candidates/email', { email });
      // The known leads' completing forms, from another browser (no proof).
      for (const email of companies)
        await post('/api/companies/submit', validBodies.companyRequest(email));
      await post('/api/candidates/submit', validBodies.candidateApplication(candidate));
      // All written before a worker runs: its first poll sends them as one digest.
      const second = await startSecondServer(testApp.env, { pollMs: 20, digestWindowMs: 60_000 });
      try {
        const text = mailText(await mailAbout(candidate));
        const counts = '23 new leads, 2 requests and 1 application';
        expect(text).toMatch(new RegExp(`^Subject: ${counts} in the last minute\r?$`, 'm'));
        expect(text).toContain(`${counts} arrived in the last minute.`);
        expect(text.split(UNPROVEN)).toHaveLength(4);
        for (const email of companies)
          expect(digestHeadings(text, email)).toEqual(['New lead', 'Company request']);
        expect(digestHeadings(text, candidate)).toEqual(['New lead', 'Candidate application']);
      } finally {
        await second.close();
      }
    });
  },
  {
    env: { ...adminEnv, SITE_URL, SMTP_URL: smtp.url, NOTIFY_EMAIL: 'sales@talent.example' },
    notificationWorker: { enabled: false },
  },
);

describeEachDatabase(
  'past 20 new leads a minute',
  (current) => {
    it('e-mails them as a digest instead of one e-mail each', async () => {
      const testApp = current();
      const emails = Array.from({ length: 30 }, () => uniqueEmail('burst'));
      await Promise.all(
        emails.map(async (email) => {
          const response = await postJson(testApp.app, '/api/candidates/email', { email });
          expect(response.statusCode).toBe(200);
        }),
      );
      for (const email of emails) await mailAbout(email);
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const email of emails) expect(mailsAbout(email)).toHaveLength(1);
      const mails = new Set(emails.flatMap(mailsAbout));
      expect(mails.size).toBeLessThan(30);
      const digest = [...mails].find((mail) =>
        /^Subject: \d+ new leads in the last minute/m.test(mail.raw),
      );
      expect(digest).toBeDefined();
      const text = mailText(digest as ReceivedMail);
      const included = emails.filter((email) => text.includes(email));
      expect(included.length).toBeGreaterThan(1);
      for (const email of included) {
        expect(text).toContain(
          `${SITE_URL}/admin?candidate=${await candidateIdOf(testApp.db, email)}`,
        );
      }
    });
  },
  {
    env: { ...adminEnv, SITE_URL, SMTP_URL: smtp.url, NOTIFY_EMAIL: 'sales@talent.example' },
    // The 30 posts must fall in one window: under load they took more than a second.
    notificationWorker: { pollMs: 50, digestWindowMs: 4000 },
  },
);

describe.skipIf(!inject('postgresAdminUrl'))('two server instances on one PostgreSQL', () => {
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestApp('postgres', {
      env: notifyEnv,
      notificationWorker: { pollMs: 20, digestWindowMs: 500 },
    });
    second = await startSecondServer(first.env);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('send each message exactly once', async () => {
    const emails = Array.from({ length: 40 }, () => uniqueEmail('pair'));
    await Promise.all(
      emails.map((email, i) =>
        postJson(i % 2 ? second : first.app, '/api/candidates/email', { email }),
      ),
    );
    for (const email of emails) await hookAbout(email);
    // Let both workers finish any further poll before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const hooks = emails.flatMap(hooksAbout);
    expect(hooks).toHaveLength(40);
    expect(new Set(hooks.map((hook) => hook.id)).size).toBe(40);
    // 40 leads at once is past 20 a minute: e-mails may be digests, but each lead is in one.
    for (const email of emails) await mailAbout(email);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const email of emails) expect(mailsAbout(email)).toHaveLength(1);
  });
});

describe.skipIf(!inject('postgresAdminUrl'))('digests with two instances on one PostgreSQL', () => {
  const WINDOW_MS = 2000;
  const worker = { pollMs: 20, digestWindowMs: WINDOW_MS };
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestApp('postgres', {
      env: { ...adminEnv, SITE_URL, SMTP_URL: smtp.url, NOTIFY_EMAIL: 'sales@talent.example' },
      notificationWorker: worker,
      // The persons' confirmations would share the SMTP server and blur the digests' timing.
      personWorker: { enabled: false },
    });
    second = await buildApp({
      config: loadConfig(first.env),
      logger: false,
      notificationWorker: worker,
      personWorker: { enabled: false },
    });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('send one digest per window for the whole site, not one per instance (decision 075)', async () => {
    // When each mail arrived, to the 10 ms.
    const arrived = new Map<ReceivedMail, number>();
    const watch = setInterval(() => {
      for (const mail of smtp.received) if (!arrived.has(mail)) arrived.set(mail, Date.now());
    }, 10);
    try {
      // Four bursts of 30 leads a second apart, to both instances in turn: each burst alone is
      // past 20 a window, so the site stays in digest mode however slow the machine posts.
      const ours = Array.from({ length: 120 }, () => uniqueEmail('digest-pair'));
      for (let burst = 0; burst < 4; burst++) {
        const sent = Date.now();
        await Promise.all(
          ours
            .slice(burst * 30, burst * 30 + 30)
            .map((email, i) =>
              postJson(i % 2 ? second : first.app, '/api/candidates/email', { email }),
            ),
        );
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, 1000 - (Date.now() - sent))),
        );
      }
      for (const email of ours) await mailAbout(email);
      for (const email of ours) expect(mailsAbout(email)).toHaveLength(1);
      const digests = [...arrived]
        .filter(([mail]) => /^Subject: \d+ new leads in the last minute/m.test(mail.raw))
        .filter(([mail]) => ours.some((email) => mailText(mail).includes(email)))
        .map(([, at]) => at)
        .sort((a, b) => a - b);
      expect(digests.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < digests.length; i++) {
        // Two instances each sending their own digest would arrive within milliseconds of each
        // other; half a window is slack for a loaded machine's late SMTP exchange.
        expect(digests[i]! - digests[i - 1]!).toBeGreaterThan(WINDOW_MS / 2);
      }
    } finally {
      clearInterval(watch);
    }
    // Four bursts a second apart and digests two seconds apart: several windows of wall time,
    // which a loaded machine stretches past the default 10 s.
  }, 30_000);
});

describe.skipIf(!inject('postgresAdminUrl'))('outbox claims on PostgreSQL', () => {
  it('never hand one message to two concurrent claimers', async () => {
    const database = await createTestDatabase(inject('postgresAdminUrl') as string);
    const options = { databaseUrl: database.url, dataDir: '/nonexistent' };
    const [one, two] = [await openDatabase(options), await openDatabase(options)];
    try {
      const now = new Date();
      const messages = Array.from({ length: 300 }, (_, i) => ({
        destination: 'webhook' as const,
        topic: 'lead.created',
        payload: { i },
        subjectType: 'candidate' as const,
        subjectId: i,
      }));
      await enqueueMessages(tablesOf<OutboxTables>(one.db), messages, now.toISOString());
      const claim = (db: typeof one.db) =>
        claimDueMessages(tablesOf<OutboxTables>(db), 'postgres', {
          destinations: ['webhook'],
          now,
          lockMs: 60_000,
          limit: 5,
        });
      const claimed: number[] = [];
      for (let round = 0; round < 40; round++) {
        const batches = await Promise.all([claim(one.db), claim(two.db), claim(one.db)]);
        claimed.push(...batches.flat().map((message) => message.id));
      }
      expect(claimed).toHaveLength(300);
      expect(new Set(claimed).size).toBe(300);
    } finally {
      await one.close();
      await two.close();
      await database.drop();
    }
  });
});

describe('a production start without a mail transport', () => {
  const startLog = async (env: Record<string, string>) => {
    const lines: string[] = [];
    const testApp = await createTestApp('sqlite', {
      env: { ...adminEnv, NODE_ENV: 'production', ...env },
      logStream: { write: (line) => lines.push(line) },
    });
    await testApp.close();
    return lines.map((line) => JSON.parse(line) as { level: number; msg: string });
  };
  const warning = (entry: { level: number; msg: string }) =>
    entry.level === 40 && entry.msg.includes('no mail transport');

  it('logs a warning that e-mails only reach the outbox folder', async () => {
    expect((await startLog({})).some(warning)).toBe(true);
    expect((await startLog({ SMTP_URL: smtp.url })).some(warning)).toBe(false);
  });
});
