import { afterAll, expect, it, vi } from 'vitest';
import { newAccount } from '../support/accounts';
import { signIn } from '../support/admin';
import { candidateIdOf, postJson } from '../support/api';
import { validBodies } from '../support/lead-bodies';
import { startLocalSmtp } from '../support/smtp';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';

/* A lead's timeline names who wrote each note, changed each status, sent the form e-mail and
   assigned the lead, and to whom, as each account is named now: a team asks them. */

vi.setConfig({ testTimeout: 60_000 });

const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

type Entry = { at: string; kind: string; text: string; by?: string | null };

describeEachDatabase(
  'who wrote a note and changed a status',
  (current) => {
    it('reads back each note, status change, e-mail, assignment and merge with its accounts, renamed or disabled', async () => {
      const { app, db } = current();
      const owner = await signIn(app);
      const recruiter = await newAccount(app, smtp, owner, 'recruiter');
      const as = (
        cookie: string,
        method: 'GET' | 'POST' | 'PATCH',
        url: string,
        payload?: object,
      ) => app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      const applied = async () => {
        const email = uniqueEmail('author');
        await postJson(app, '/api/candidates/submit', validBodies.candidateApplication(email));
        return candidateIdOf(db, email);
      };
      const [id, other] = [await applied(), await applied()];
      const url = `/api/candidate-submissions/${id}`;

      const note = await as(recruiter.cookie, 'POST', `${url}/notes`, {
        text: 'Left a voicemail.',
      });
      expect(note.statusCode).toBe(201);
      // The board's drag sends this PATCH too.
      expect((await as(recruiter.cookie, 'PATCH', url, { status: 'contacted' })).statusCode).toBe(
        200,
      );
      const bulk = { ids: [id], status: 'qualified' };
      const bulked = await as(recruiter.cookie, 'POST', '/api/candidate-submissions/bulk', bulk);
      expect(bulked.statusCode).toBe(200);
      expect((await as(recruiter.cookie, 'POST', `${url}/send-email`)).statusCode).toBe(200);
      const assign = (cookie: string, assignee: number | null) =>
        as(cookie, 'PATCH', url, { assignee }).then((response) => response.statusCode);
      expect(await assign(owner, recruiter.id)).toBe(200);
      expect(await assign(recruiter.cookie, null)).toBe(200);
      // The other lead got further: the merge moves this one's status on, as the merging account.
      const further = await as(owner, 'PATCH', `/api/candidate-submissions/${other}`, {
        status: 'enrolled',
      });
      expect(further.statusCode).toBe(200);
      expect((await as(owner, 'POST', `${url}/merge`, { otherId: other })).statusCode).toBe(200);
      // A recruiter who left keeps their name on what they did, and on what was given them.
      const users = `/api/admin/users/${recruiter.id}`;
      expect((await as(owner, 'PATCH', users, { disabled: true })).statusCode).toBe(200);
      await db
        .updateTable('admin_accounts')
        .set({ name: 'Rita' })
        .where('id', '=', recruiter.id)
        .execute();
      // An assignment written before the assignee's id was kept still reads its name then.
      const then = {
        lead_table: 'candidates',
        lead_id: id,
        kind: 'assigned',
        text: 'Old Name',
      } as const;
      await db
        .insertInto('lead_activity')
        .values({ ...then, created_at: new Date().toISOString() })
        .execute();

      const detail = await as(owner, 'GET', url);
      expect(detail.statusCode).toBe(200);
      const acts = detail
        .json<{ timeline: Entry[] }>()
        .timeline.filter((entry) => !['created', 'submitted'].includes(entry.kind))
        // The person's own e-mails (the outbox's, sent by the server) name no one.
        .filter((entry) => !entry.text.endsWith('to the person'))
        .map(({ at: _at, ...entry }) => entry);
      expect(acts).toEqual([
        { kind: 'note', text: 'Left a voicemail.', by: 'Rita' },
        { kind: 'status_changed', text: 'Status changed from New to Contacted by Rita' },
        { kind: 'status_changed', text: 'Status changed from Contacted to Qualified by Rita' },
        { kind: 'email_sent', text: 'Form e-mail sent by Rita' },
        { kind: 'assigned', text: 'Assigned to Rita by Owner' },
        { kind: 'assigned', text: 'Unassigned by Rita' },
        // The other lead's own history, moved with it.
        { kind: 'status_changed', text: 'Status changed from New to Enrolled by Owner' },
        { kind: 'merged', text: `Lead #${other} merged into this lead by Owner` },
        { kind: 'status_changed', text: 'Status changed from Qualified to Enrolled by Owner' },
        { kind: 'assigned', text: 'Assigned to Old Name' },
      ]);
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
