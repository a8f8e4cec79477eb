import { existsSync } from 'node:fs';
import { readdir, readFile, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { PersonErasure, PersonReport } from '../../src/shared/admin-person';
import type { AuditEntryView } from '../../src/server/admin/audit/audit-log';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { adminEnv, signIn } from '../support/admin';
import { candidateIdOf, companiesWithEmail, postJson } from '../support/api';
import { applicant, bookCall, openForCalls } from '../support/calls';
import { eventually } from '../support/eventually';
import { validBodies } from '../support/lead-bodies';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';
import { startWebhookReceiver } from '../support/webhook-receiver';

const SECRET = 'whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=';
const receiver = await startWebhookReceiver(SECRET);
afterAll(() => receiver.close());

const URL = '/api/admin/data-subject';
const hooksAbout = (email: string) =>
  receiver.received.filter((hook) => hook.body.data.email === email);

/** Posts a public form and expects it accepted. */
async function sent(app: TestApp['app'], url: string, body: object): Promise<void> {
  const response = await postJson(app, url, body);
  expect(response.statusCode, url).toBe(200);
}

async function addNote(app: TestApp['app'], cookie: string, id: number, text: string) {
  const note = await app.inject({
    method: 'POST',
    url: `/api/candidate-submissions/${id}/notes`,
    payload: { text },
    headers: { cookie },
  });
  expect(note.statusCode).toBe(201);
}

/** A person with every kind of record: candidate and company leads, history, quarantine, notes. */
async function personWithEverything(testApp: TestApp, cookie: string, email: string) {
  const { app } = testApp;
  await sent(app, '/api/candidates/basic-info', validBodies.candidateBasicInfo(email));
  await sent(app, '/api/candidates/questionnaire', validBodies.questionnaire(email));
  await sent(app, '/api/companies/email', validBodies.companyEmail(email));
  // A filled honeypot: answered like any form, kept in quarantine.
  await sent(app, '/api/candidates/basic-info', {
    ...validBodies.candidateBasicInfo(email),
    website: 'http://spam.example',
  });
  const candidateId = await candidateIdOf(testApp.db, email);
  const [company] = await companiesWithEmail(testApp.db, email);
  const as = { headers: { cookie } };
  const status = await app.inject({
    method: 'PATCH',
    url: `/api/candidate-submissions/${candidateId}`,
    payload: { status: 'contacted' },
    ...as,
  });
  expect(status.statusCode).toBe(200);
  await addNote(app, cookie, candidateId, `Called about ${email}`);
  // No mail transport: the form e-mail is written to DATA_DIR/outbox.
  const mail = await app.inject({
    method: 'POST',
    url: `/api/candidate-submissions/${candidateId}/send-email`,
    ...as,
  });
  expect(mail.statusCode).toBe(200);
  // The confirmation to the person (decision 154) is written to DATA_DIR/outbox too.
  await eventually(async () => {
    const waiting = await testApp.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('destination', '=', 'person')
      .where('state', '!=', 'sent')
      .execute();
    return waiting.length === 0 ? true : undefined;
  });
  return { candidateId, companyId: Number(company?.id) };
}

async function auditLog(testApp: TestApp, cookie: string) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/admin/audit?limit=500',
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json<AuditEntryView[]>();
}

describeEachDatabase(
  'data-subject requests',
  (current) => {
    it('answers 401 without a session, 403 to a foreign origin, and names a bad address', async () => {
      const { app } = current();
      for (const method of ['POST', 'DELETE'] as const) {
        const anonymous = await app.inject({
          method,
          url: URL,
          payload: { email: 'ada@example.com' },
        });
        expect(anonymous.statusCode, method).toBe(401);
      }
      const cookie = await signIn(app);
      const foreign = await app.inject({
        method: 'DELETE',
        url: URL,
        payload: { email: 'ada@example.com' },
        headers: { cookie, origin: 'https://evil.example' },
      });
      expect(foreign.statusCode).toBe(403);
      for (const method of ['POST', 'DELETE'] as const) {
        for (const payload of [undefined, { email: 'not-an-address' }, { email: '' }]) {
          const bad = await app.inject({ method, url: URL, payload, headers: { cookie } });
          expect(bad.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(400);
          expect(bad.json()).toEqual({
            error: 'Please check the highlighted fields',
            fields: { email: 'Please enter a valid email address' },
          });
        }
      }
      // The address is never asked for in a URL (a URL is logged on its way).
      const inUrl = await app.inject({
        url: `${URL}?email=ada%40example.com`,
        headers: { cookie },
      });
      expect(inUrl.statusCode).toBe(404);
    });

    it("finds every kind of record of an address, whatever its case, and nothing of another's", async () => {
      const testApp = current();
      const { app } = testApp;
      const cookie = await signIn(app);
      const email = uniqueEmail('subject');
      const other = uniqueEmail('bystander');
      const { candidateId, companyId } = await personWithEverything(testApp, cookie, email);
      const bystander = await personWithEverything(testApp, cookie, other);

      const response = await app.inject({
        method: 'POST',
        url: URL,
        payload: { email: `  ${email.toUpperCase()} ` },
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const report = response.json<PersonReport>();
      expect(report.email).toBe(email);
      expect(report.candidates).toHaveLength(1);
      expect(report.candidates[0]).toMatchObject({
        id: candidateId,
        email,
        first_name: 'Ada',
        phone: '555-0100',
        status: 'contacted',
      });
      expect(report.companies).toHaveLength(1);
      expect(report.companies[0]).toMatchObject({ id: companyId, company_name: 'Acme Data' });
      expect(report.submissions.map((s) => `${s.leadType} ${s.form}`).sort()).toEqual([
        'candidate candidate-basic-info',
        'candidate questionnaire',
        'company company-email',
      ]);
      expect(report.submissions[0]?.fields).toMatchObject({ first_name: 'Ada' });
      expect(report.quarantine).toHaveLength(1);
      expect(report.quarantine[0]).toMatchObject({ email, reasons: ['honeypot'] });
      expect(report.activity.map((a) => a.kind).sort()).toEqual([
        'email_sent',
        'note',
        'status_changed',
      ]);
      expect(report.activity.find((a) => a.kind === 'note')?.text).toBe(`Called about ${email}`);
      expect(report.auditEntries.map((e) => e.action).sort()).toEqual([
        'email_sent',
        'note_added',
        'status_changed',
      ]);
      // The webhook notice of each new lead; the person's one confirmation of the day (issue 40).
      expect(report.outboxMessages.map((m) => `${m.leadType} ${m.destination}`).sort()).toEqual([
        'candidate person',
        'candidate webhook',
        'company webhook',
      ]);
      // The confirmation and the form e-mail, in the outbox folder (no mail transport here).
      expect(report.mailFiles).toHaveLength(2);
      expect(report.mailFiles[0]?.content).toContain(`To: ${email}`);
      const text = JSON.stringify(report);
      expect(text).not.toContain(other);
      expect(report.candidates.map((row) => row.id)).not.toContain(bystander.candidateId);
      expect(report.auditEntries.map((e) => e.leadId)).not.toContain(bystander.candidateId);

      // Audited under a keyed hash: the same for the same person, never the address.
      await app.inject({
        method: 'POST',
        url: URL,
        payload: { email: email },
        headers: { cookie },
      });
      const accesses = (await auditLog(testApp, cookie)).filter(
        (entry) => entry.action === 'data_subject_access',
      );
      const [latest, earlier] = accesses;
      expect(latest?.detail).toMatch(/^subject [0-9a-f]{16}; found candidates 1, companies 1, /);
      expect(latest?.detail?.split(';')[0]).toBe(earlier?.detail?.split(';')[0]);
      expect(JSON.stringify(accesses)).not.toContain(email.split('@')[0]);
      // A later access reports the earlier ones too: they name the person.
      const again = await app.inject({
        method: 'POST',
        url: URL,
        payload: { email: email },
        headers: { cookie },
      });
      expect(
        again.json<PersonReport>().auditEntries.filter((e) => e.action === 'data_subject_access'),
      ).toHaveLength(2);
    });

    it('erases everything of the address in one go, keeping an audit entry without it', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const cookie = await signIn(app);
      const email = uniqueEmail('erase');
      const other = uniqueEmail('kept');
      const { candidateId, companyId } = await personWithEverything(testApp, cookie, email);
      const kept = await personWithEverything(testApp, cookie, other);
      await app.inject({
        method: 'POST',
        url: URL,
        payload: { email: email },
        headers: { cookie },
      });

      const response = await app.inject({
        method: 'DELETE',
        url: URL,
        payload: { email: email.toUpperCase() },
        headers: { cookie, origin: 'http://localhost:80' },
      });
      expect(response.statusCode).toBe(200);
      const { erased, erasedAt } = response.json<PersonErasure>();
      expect(erased).toEqual({
        candidates: 1,
        companies: 1,
        contacts: 0,
        submissions: 3,
        quarantine: 1,
        activity: 3,
        calls: 0,
        screening: 0,
        // status_changed, note_added, email_sent and the access request's entry
        auditEntries: 4,
        outboxMessages: 3,
        mailFiles: 2,
      });

      const after = await app.inject({
        method: 'POST',
        url: URL,
        payload: { email: email },
        headers: { cookie },
      });
      const report = after.json<PersonReport>();
      for (const part of [
        'candidates',
        'companies',
        'submissions',
        'quarantine',
        'activity',
        'auditEntries',
        'outboxMessages',
        'mailFiles',
      ] as const) {
        expect(report[part], part).toEqual([]);
      }
      const left = async (
        table: 'lead_submissions' | 'lead_activity',
        leadTable: string,
        id: number,
      ) =>
        db
          .selectFrom(table)
          .select('id')
          .where('lead_table', '=', leadTable as never)
          .where('lead_id', '=', id)
          .execute();
      expect(await left('lead_submissions', 'candidates', candidateId)).toEqual([]);
      expect(await left('lead_submissions', 'companies', companyId)).toEqual([]);
      expect(await left('lead_activity', 'candidates', candidateId)).toEqual([]);
      const messages = await db
        .selectFrom('outbox_messages')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('subject_type', '=', 'candidate'), eb('subject_id', '=', candidateId)]),
            eb.and([eb('subject_type', '=', 'company'), eb('subject_id', '=', companyId)]),
          ]),
        )
        .execute();
      expect(messages).toEqual([]);

      // The other person is untouched.
      const theirs = await app.inject({
        method: 'POST',
        url: URL,
        payload: { email: other },
        headers: { cookie },
      });
      const their = theirs.json<PersonReport>();
      expect(their.candidates.map((row) => row.id)).toEqual([kept.candidateId]);
      expect(their.activity).toHaveLength(3);
      expect(their.mailFiles).toHaveLength(2);
      expect(their.quarantine).toHaveLength(1);

      const log = await auditLog(testApp, cookie);
      const erasure = log.find((entry) => entry.action === 'data_subject_erasure');
      expect(erasure).toMatchObject({ leadType: null, leadId: null });
      expect(erasure?.detail).toBe(
        'erased candidates 1, companies 1, contacts 0, submissions 3, quarantine 1, activity 3, ' +
          'calls 0, screening 0, auditEntries 4, outboxMessages 3, mailFiles 2',
      );
      expect(Date.parse(erasure?.at ?? '')).toBeLessThanOrEqual(Date.parse(erasedAt));
      const text = JSON.stringify(log);
      expect(text).not.toContain(email.split('@')[0]);
      expect(
        log.filter((entry) => entry.leadType === 'candidate' && entry.leadId === candidateId),
      ).toEqual([]);
    });

    it('leaves no e-mail file or outbox row naming a person whose booked call it cancels', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const cookie = await signIn(app);
      await openForCalls(app, cookie);
      const email = uniqueEmail('booked');
      await bookCall(app, await applicant(app, email));
      const calls = db
        .selectFrom('outbox_messages')
        .select('state')
        .where('topic', 'like', 'call.%');
      // The invitation is written to DATA_DIR/outbox before the erasure (no mail transport).
      await eventually(async () => {
        const row = await calls.where('topic', '=', 'call.booked').executeTakeFirst();
        return row?.state === 'sent' ? row : undefined;
      });
      const erased = await app.inject({
        method: 'DELETE',
        url: URL,
        payload: { email },
        headers: { cookie },
      });
      expect(erased.json<PersonErasure>().erased).toMatchObject({ calls: 1 });
      // The worker has had the erasure's cancellation.
      await eventually(async () => {
        const pending = await calls.where('state', '=', 'pending').execute();
        return pending.length === 0 ? true : undefined;
      });
      const after = await app.inject({
        method: 'POST',
        url: URL,
        payload: { email },
        headers: { cookie },
      });
      expect(after.json<PersonReport>().mailFiles).toEqual([]);
      const kept = await db
        .selectFrom('outbox_messages')
        .select('id')
        .where((eb) =>
          eb.or([eb('payload', 'like', `%${email}%`), eb('last_error', 'like', `%${email}%`)]),
        )
        .execute();
      expect(kept).toEqual([]);
    });

    it('stops a pending notification: the receiver never gets it', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const cookie = await signIn(app);
      const email = uniqueEmail('pending');
      receiver.down();
      try {
        await sent(app, '/api/candidates/email', validBodies.candidateEmail(email));
        const id = await candidateIdOf(db, email);
        // Tried once, failed, waiting for its retry.
        await eventually(async () => {
          const row = await db
            .selectFrom('outbox_messages')
            .selectAll()
            .where('destination', '=', 'webhook')
            .where('subject_type', '=', 'candidate')
            .where('subject_id', '=', id)
            .executeTakeFirst();
          return row && row.state === 'pending' && row.attempts > 0 ? row : undefined;
        });
        const erased = await app.inject({
          method: 'DELETE',
          url: URL,
          payload: { email: email },
          headers: { cookie },
        });
        // The webhook's notice, and the person's confirmation.
        expect(erased.json<PersonErasure>().erased.outboxMessages).toBe(2);
      } finally {
        receiver.recover();
      }
      // A lead sent after it is delivered; the erased one, due as soon, never is.
      const control = uniqueEmail('control');
      await sent(app, '/api/candidates/email', validBodies.candidateEmail(control));
      await eventually(() => hooksAbout(control)[0]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(hooksAbout(email)).toEqual([]);
    });
  },
  {
    env: {
      ...adminEnv,
      NOTIFY_WEBHOOK_URL: receiver.url,
      NOTIFY_WEBHOOK_SECRET: SECRET,
      CONFIRMATION_DELAY: '0s',
    },
    notificationWorker: { pollMs: 50, retryBaseMs: 100 },
    personWorker: { pollMs: 50 },
  },
);

const retentionLog: string[] = [];

describeEachDatabase(
  'RETENTION_DAYS',
  (current) => {
    it('erases the leads not updated for that many days, with their records, and logs counts only', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const cookie = await signIn(app);
      const old = uniqueEmail('old');
      const recent = uniqueEmail('recent');
      for (const email of [old, recent]) {
        await sent(app, '/api/candidates/basic-info', validBodies.candidateBasicInfo(email));
      }
      const oldId = await candidateIdOf(db, old);
      await addNote(app, cookie, oldId, 'Old note');
      // A form e-mail to the old lead, written to the outbox folder a month ago.
      const mailed = await app.inject({
        method: 'POST',
        url: `/api/candidate-submissions/${oldId}/send-email`,
        headers: { cookie },
      });
      expect(mailed.statusCode).toBe(200);
      const outbox = path.join(testApp.env.DATA_DIR ?? '', 'outbox');
      // The folder also holds the confirmations to the person (decision 154).
      let oldMail = path.join(outbox, 'none');
      for (const file of await readdir(outbox)) {
        const content = await readFile(path.join(outbox, file), 'utf8');
        if (content.includes('Subject: Complete your')) oldMail = path.join(outbox, file);
      }
      expect(await readFile(oldMail, 'utf8')).toContain(old);
      const monthAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
      await utimes(oldMail, monthAgo, monthAgo);
      const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
      await db
        .updateTable('candidates')
        .set({ updated_at: longAgo })
        .where('id', '=', oldId)
        .execute();

      await eventually(async () => {
        const rows = await db
          .selectFrom('candidates')
          .select('id')
          .where('id', '=', oldId)
          .execute();
        return rows.length === 0 ? true : undefined;
      });
      const report = (email: string) =>
        app
          .inject({ method: 'POST', url: URL, payload: { email: email }, headers: { cookie } })
          .then((response) => response.json<PersonReport>());
      const gone = await report(old);
      expect([gone.candidates, gone.submissions, gone.activity, gone.auditEntries]).toEqual([
        [],
        [],
        [],
        [],
      ]);
      expect((await report(recent)).candidates).toHaveLength(1);
      expect(existsSync(oldMail)).toBe(false);

      const lines = retentionLog.filter((line) => line.includes('retention'));
      const erasedLine = lines.find((line) => line.includes('"candidates":1'));
      expect(erasedLine).toBeDefined();
      expect(JSON.parse(erasedLine ?? '{}')).toMatchObject({
        retentionDays: 30,
        erased: { candidates: 1, submissions: 1, activity: 2, mailFiles: 1 },
      });
      expect(lines.join('\n')).not.toContain('@');
      const log = await auditLog(testApp, cookie);
      expect(log.find((entry) => entry.action === 'retention_erasure')).toMatchObject({
        actor: 'system (RETENTION_DAYS)',
        leadId: null,
      });
    });

    it('runs harmlessly on two instances at once: each old lead is erased once, nothing fails', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const secondLog: string[] = [];
      const second = await buildApp({
        config: loadConfig(testApp.env),
        logger: { level: 'info', stream: { write: (line: string) => secondLog.push(line) } },
        retention: { firstRunMs: 0, intervalMs: 50 },
      });
      await second.ready();
      try {
        const longAgo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000).toISOString();
        const emails = [uniqueEmail('old-a'), uniqueEmail('old-b'), uniqueEmail('old-c')];
        for (const email of emails) {
          await sent(app, '/api/candidates/basic-info', validBodies.candidateBasicInfo(email));
        }
        const ids = await Promise.all(emails.map((email) => candidateIdOf(db, email)));
        await db
          .updateTable('candidates')
          .set({ updated_at: longAgo })
          .where('id', 'in', ids)
          .execute();
        await eventually(async () => {
          const rows = await db
            .selectFrom('candidates')
            .select('id')
            .where('id', 'in', ids)
            .execute();
          return rows.length === 0 ? true : undefined;
        });
        // Let both run a few more passes over the same (now empty) range.
        await new Promise((resolve) => setTimeout(resolve, 300));
        const lines = [...retentionLog, ...secondLog].filter((line) => line.includes('retention'));
        expect(lines.filter((line) => line.includes('retention failed'))).toEqual([]);
        const erasedBy = await db
          .selectFrom('admin_audit_entries')
          .select('detail')
          .where('action', '=', 'retention_erasure')
          .execute();
        const erasedCandidates = erasedBy
          .map((entry) => Number(/candidates (\d+)/.exec(entry.detail ?? '')?.[1] ?? 0))
          .reduce((sum, count) => sum + count, 0);
        // The first test's lead, then these three: each counted once across both instances.
        expect(erasedCandidates).toBe(1 + ids.length);
      } finally {
        await second.close();
      }
    });
  },
  {
    env: { ...adminEnv, RETENTION_DAYS: '30' },
    retention: { firstRunMs: 0, intervalMs: 100 },
    logStream: { write: (line: string) => retentionLog.push(line) },
  },
);
