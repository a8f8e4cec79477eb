import { beforeAll, expect, it } from 'vitest';
import type { AuditEntryView } from '../../src/server/admin/audit/audit-log';
import type { AdminAuthTables } from '../../src/server/admin/auth/auth-tables';
import { AdminSessions } from '../../src/server/admin/auth/sessions';
import { tablesOf } from '../../src/server/platform/database/connection';
import { adminEnv, seedCandidate, seedCompany, signIn } from '../support/admin';
import { postJson } from '../support/api';
import { validBodies } from '../support/lead-bodies';
import { searchHeader } from '../support/search';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * Assignment (issue 22, decision 162). Accounts other than the founding owner are rows put in
 * admin_accounts here, signed in with a session of their own, until invitations exist.
 */

interface Assigned {
  id: number;
  assignee: { id: number; name: string } | null;
  status: string;
  timeline?: { kind: string; text: string }[];
}

/** A new account of `role` (disabled when asked); its id. */
async function addAccount(
  testApp: TestApp,
  name: string,
  role: 'owner' | 'recruiter' | 'viewer',
  disabled = false,
): Promise<number> {
  const row = await tablesOf<AdminAuthTables>(testApp.db)
    .insertInto('admin_accounts')
    .values({
      email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.com`,
      name,
      role,
      // Its own hash (never checked here): its sessions are bound to it, not to the owner's.
      password_hash: 'scrypt$test-only',
      created_at: new Date().toISOString(),
      disabled_at: disabled ? new Date().toISOString() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A Cookie header signing in account `id`. */
async function sessionOf(testApp: TestApp, id: number): Promise<string> {
  const sessions = new AdminSessions(tablesOf<AdminAuthTables>(testApp.db), 'owner-hash-unused');
  const { token } = await sessions.create(id, { userAgent: undefined, ip: '127.0.0.1' });
  return `tb_admin_session=${token}`;
}

async function call(
  testApp: TestApp,
  cookie: string,
  method: 'GET' | 'PATCH',
  url: string,
  payload?: object,
  search?: string,
) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: { cookie, ...searchHeader(search) },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json<unknown>() };
}

const ids = (rows: unknown) => (rows as Assigned[]).map((row) => row.id);

describeEachDatabase(
  'lead assignment',
  (current) => {
    let owner = '';
    let ada = 0;
    let grace = 0;
    let viewer = 0;
    let gone = 0;
    beforeAll(async () => {
      const testApp = current();
      owner = await signIn(testApp.app);
      ada = await addAccount(testApp, 'Ada', 'recruiter');
      grace = await addAccount(testApp, 'Grace', 'recruiter');
      viewer = await addAccount(testApp, 'Vera', 'viewer');
      gone = await addAccount(testApp, 'Gone', 'recruiter', true);
    });

    it('lists the enabled owners and recruiters as assignees', async () => {
      const { status, body } = await call(current(), owner, 'GET', '/api/admin/assignees');
      expect(status).toBe(200);
      expect(body).toEqual([
        { id: ada, name: 'Ada' },
        { id: grace, name: 'Grace' },
        { id: 1, name: 'Owner' },
      ]);
    });

    it('assigns a candidate and a company, shows it in the detail, list and timeline, and audits it', async () => {
      const testApp = current();
      const candidate = await seedCandidate(testApp, 'regular');
      const company = await seedCompany(testApp, 'full');
      const url = `/api/candidate-submissions/${candidate.id}`;

      const assigned = await call(testApp, owner, 'PATCH', url, { assignee: ada });
      expect(assigned.status).toBe(200);
      const detail = assigned.body as Assigned;
      expect(detail.assignee).toEqual({ id: ada, name: 'Ada' });
      expect(detail.status).toBe('new');
      expect(detail.timeline?.at(-1)).toMatchObject({
        kind: 'assigned',
        text: 'Assigned to Ada by Owner',
      });
      const listed = await call(
        testApp,
        owner,
        'GET',
        `/api/candidate-submissions?assignee=${ada}`,
      );
      expect(listed.body).toEqual([
        expect.objectContaining({ id: candidate.id, assignee: { id: ada, name: 'Ada' } }),
      ]);

      const both = await call(testApp, owner, 'PATCH', `/api/company-submissions/${company.id}`, {
        status: 'in_discussion',
        assignee: grace,
      });
      expect(both.body).toMatchObject({
        status: 'in_discussion',
        assignee: { id: grace, name: 'Grace' },
      });

      const unassigned = await call(testApp, owner, 'PATCH', url, { assignee: null });
      expect((unassigned.body as Assigned).assignee).toBeNull();
      expect((unassigned.body as Assigned).timeline?.at(-1)?.text).toBe('Unassigned by Owner');

      const audit = await call(testApp, owner, 'GET', '/api/admin/audit?limit=500');
      const entries = (audit.body as AuditEntryView[]).filter(
        (entry) => entry.action === 'assignee_changed',
      );
      expect(entries.map((entry) => [entry.leadType, entry.leadId, entry.detail])).toEqual(
        expect.arrayContaining([
          ['candidate', candidate.id, `none -> ${ada}`],
          ['company', company.id, `none -> ${grace}`],
          ['candidate', candidate.id, `${ada} -> none`],
        ]),
      );
    });

    it('refuses a viewer, a disabled or unknown account and a non-number as assignee, changing nothing', async () => {
      const testApp = current();
      const candidate = await seedCandidate(testApp, 'regular');
      const url = `/api/candidate-submissions/${candidate.id}`;
      for (const assignee of [viewer, gone, 999_999, '2', true]) {
        const refused = await call(testApp, owner, 'PATCH', url, { status: 'contacted', assignee });
        expect(refused.status).toBe(400);
        expect(Object.keys((refused.body as { fields: object }).fields)).toEqual(['assignee']);
      }
      const unchanged = await call(testApp, owner, 'GET', url);
      expect(unchanged.body).toMatchObject({ status: 'new', assignee: null });
      const missing = await call(testApp, owner, 'PATCH', '/api/company-submissions/999999', {
        assignee: ada,
      });
      expect(missing.status).toBe(404);
    });

    it('filters the lists by assignee=me, none and an id, the lead e-mails too', async () => {
      const testApp = current();
      const tag = `as${Date.now().toString(36)}`;
      const mine = await seedCandidate(testApp, 'regular', { last_name: `${tag}a` });
      const theirs = await seedCandidate(testApp, 'regular', { last_name: `${tag}b` });
      const nobodys = await seedCandidate(testApp, 'regular', { last_name: `${tag}c` });
      const mineByEmail = await seedCandidate(testApp, 'email', {}, { email: uniqueEmail(tag) });
      for (const [id, assignee] of [
        [mine.id, ada],
        [theirs.id, grace],
        [mineByEmail.id, ada],
      ] as const) {
        const done = await call(testApp, owner, 'PATCH', `/api/candidate-submissions/${id}`, {
          assignee,
        });
        expect(done.status).toBe(200);
      }
      const asAda = await sessionOf(testApp, ada);
      const search = async (url: string) =>
        ids((await call(testApp, asAda, 'GET', url, undefined, tag)).body);
      const list = (query: string) => search(`/api/candidate-submissions?type=regular&${query}`);
      expect(await list('assignee=me')).toEqual([mine.id]);
      expect(await list('assignee=none')).toEqual([nobodys.id]);
      expect(await list(`assignee=${grace}`)).toEqual([theirs.id]);
      expect(await list('status=new&assignee=me')).toEqual([mine.id]);
      expect(await search('/api/admin/lead-emails?assignee=me')).toEqual([mineByEmail.id]);
      // The export of "My leads" holds them alone, and its audit entry says so.
      const exported = await testApp.app.inject({
        url: '/api/admin/export/candidates.csv?assignee=me',
        headers: { cookie: asAda, ...searchHeader(tag) },
      });
      expect(exported.statusCode).toBe(200);
      expect([`${tag}a`, `${tag}b`, `${tag}c`].map((name) => exported.body.includes(name))).toEqual(
        [true, false, false],
      );
      const audit = await call(testApp, owner, 'GET', `/api/admin/audit?action=export&limit=1`);
      expect(audit.body).toEqual([
        expect.objectContaining({ detail: 'candidates, filtered by search and assignee me' }),
      ]);
      const bad = await call(testApp, asAda, 'GET', '/api/candidate-submissions?assignee=someone');
      expect(bad.status).toBe(400);
    });
  },
  { env: adminEnv },
);

describeEachDatabase(
  'ASSIGN_NEW_LEADS=round-robin',
  (current) => {
    const postCandidate = (testApp: TestApp) =>
      postJson(testApp.app, '/api/candidates/email', validBodies.candidateEmail(uniqueEmail('rr')));
    const assigneeOf = async (testApp: TestApp, cookie: string, id: number) =>
      ((await call(testApp, cookie, 'GET', `/api/candidate-submissions/${id}`)).body as Assigned)
        .assignee?.id ?? null;

    it('leaves new leads unassigned while there is no enabled recruiter', async () => {
      const testApp = current();
      const owner = await signIn(testApp.app);
      await addAccount(testApp, 'Gone', 'recruiter', true);
      const response = await postCandidate(testApp);
      expect(response.statusCode).toBe(200);
      const [lead] = ids(
        (await call(testApp, owner, 'GET', '/api/candidate-submissions?limit=1')).body,
      );
      expect(await assigneeOf(testApp, owner, lead!)).toBeNull();
    });

    it('hands new leads in turn to the enabled recruiters, a new recruiter first', async () => {
      const testApp = current();
      const owner = await signIn(testApp.app);
      const ada = await addAccount(testApp, 'Ada', 'recruiter');
      const grace = await addAccount(testApp, 'Grace', 'recruiter');
      await addAccount(testApp, 'Vera', 'viewer');

      // Sent at once: they are committed together, and still alternate.
      const sent = await Promise.all(Array.from({ length: 10 }, () => postCandidate(testApp)));
      expect(sent.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
      const listed = (await call(testApp, owner, 'GET', '/api/candidate-submissions?limit=10'))
        .body as Assigned[];
      const counts = new Map<number | undefined, number>();
      for (const row of listed)
        counts.set(row.assignee?.id, (counts.get(row.assignee?.id) ?? 0) + 1);
      expect(Object.fromEntries(counts)).toEqual({ [ada]: 5, [grace]: 5 });

      const linus = await addAccount(testApp, 'Linus', 'recruiter');
      const company = await postJson(
        testApp.app,
        '/api/companies/email',
        validBodies.companyEmail(uniqueEmail('rr-company')),
      );
      expect(company.statusCode).toBe(200);
      const [newest] = (await call(testApp, owner, 'GET', '/api/company-submissions?limit=1'))
        .body as Assigned[];
      expect(newest?.assignee).toEqual({ id: linus, name: 'Linus' });
      expect(
        (await call(testApp, owner, 'GET', `/api/company-submissions/${newest!.id}`)).body,
      ).toMatchObject({
        timeline: expect.arrayContaining([expect.objectContaining({ text: 'Assigned to Linus' })]),
      });
    });
  },
  { env: { ...adminEnv, ASSIGN_NEW_LEADS: 'round-robin' } },
);
