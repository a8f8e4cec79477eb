import { afterAll, expect, it, vi } from 'vitest';
import { newAccount } from '../support/accounts';
import { signIn } from '../support/admin';
import { candidateIdOf, postJson } from '../support/api';
import { validBodies } from '../support/lead-bodies';
import { startLocalSmtp } from '../support/smtp';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';

/* A lead's timeline names who wrote each note and changed each status: a team asks them. */

vi.setConfig({ testTimeout: 60_000 });

const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

type Entry = { at: string; kind: string; text: string; by?: string | null };

describeEachDatabase(
  'who wrote a note and changed a status',
  (current) => {
    it('reads back each note, status change and merge with its account, named once disabled too', async () => {
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
      expect((await as(owner, 'POST', `${url}/merge`, { otherId: other })).statusCode).toBe(200);
      // A recruiter who left keeps their name on what they did.
      const users = `/api/admin/users/${recruiter.id}`;
      expect((await as(owner, 'PATCH', users, { disabled: true })).statusCode).toBe(200);

      const detail = await as(owner, 'GET', url);
      expect(detail.statusCode).toBe(200);
      const acts = detail
        .json<{ timeline: Entry[] }>()
        .timeline.filter((entry) => ['note', 'status_changed', 'merged'].includes(entry.kind))
        .map(({ at: _at, ...entry }) => entry);
      expect(acts).toEqual([
        { kind: 'note', text: 'Left a voicemail.', by: 'A recruiter' },
        { kind: 'status_changed', text: 'Status changed from New to Contacted by A recruiter' },
        {
          kind: 'status_changed',
          text: 'Status changed from Contacted to Qualified by A recruiter',
        },
        { kind: 'merged', text: `Lead #${other} merged into this lead by Owner` },
      ]);
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
