import { beforeAll, expect, it } from 'vitest';
import type { AdminAuthTables } from '../../src/server/admin/auth/auth-tables';
import { AdminSessions } from '../../src/server/admin/auth/sessions';
import { tablesOf } from '../../src/server/platform/database/connection';
import { adminEnv, seedCandidate, seedCompany, signIn } from '../support/admin';
import { candidateIdOf, postJson } from '../support/api';
import { validBodies } from '../support/lead-bodies';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/* The admin's lead drawer asks one thing (issue 42): GET /api/…-submissions/:id/drawer. */

/** A signed-in viewer: an account row and a session of its own. */
async function viewerCookie(testApp: TestApp) {
  const account = await tablesOf<AdminAuthTables>(testApp.db)
    .insertInto('admin_accounts')
    .values({
      email: uniqueEmail('viewer'),
      name: 'Vera',
      role: 'viewer',
      password_hash: 'scrypt$test-only',
      created_at: new Date().toISOString(),
      disabled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sessions = new AdminSessions(tablesOf<AdminAuthTables>(testApp.db), 'unused');
  const { token } = await sessions.create(account.id, { userAgent: undefined, ip: '127.0.0.1' });
  return `tb_admin_session=${token}`;
}

describeEachDatabase(
  'the lead drawer in one request',
  (current) => {
    let cookie = '';
    beforeAll(async () => {
      cookie = await signIn(current().app);
    });
    const get = async (url: string, as = cookie) => {
      const response = await current().app.inject({ method: 'GET', url, headers: { cookie: as } });
      return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
    };

    it("answers the detail, assignees, every status's message and the possible duplicates", async () => {
      const phone = `602555${Date.now() % 10_000}`.padEnd(10, '0');
      const a = await seedCandidate(current(), 'regular', { phone });
      const b = await seedCandidate(current(), 'regular', { phone, last_name: 'Byron' });
      const note = await current().app.inject({
        method: 'POST',
        url: `/api/candidate-submissions/${a.id}/notes`,
        headers: { cookie },
        payload: { text: 'Called: call back Monday.' },
      });
      expect(note.statusCode).toBe(201);

      const drawer = await get(`/api/candidate-submissions/${a.id}/drawer`);
      expect(drawer.status).toBe(200);
      expect(Object.keys(drawer.body).sort()).toEqual([
        'assignees',
        'duplicates',
        'lead',
        'messageTemplates',
      ]);
      // Each part is what its own endpoint answers.
      const parts = {
        lead: `/api/candidate-submissions/${a.id}`,
        assignees: '/api/admin/assignees',
        messageTemplates: '/api/admin/message-templates',
        duplicates: `/api/candidate-submissions/${a.id}/duplicates`,
      };
      for (const [part, url] of Object.entries(parts)) {
        expect(drawer.body[part], part).toEqual((await get(url)).body);
      }
      expect(drawer.body.lead).toMatchObject({ id: a.id, email: a.email, phone });
      expect(JSON.stringify(drawer.body.lead)).toContain('Called: call back Monday.');
      expect(drawer.body.duplicates).toEqual([expect.objectContaining({ id: b.id })]);
      expect(drawer.body.assignees).toContainEqual({ id: 1, name: expect.any(String) });
      expect(drawer.body.messageTemplates).toContainEqual(
        expect.objectContaining({ leadType: 'candidate', status: 'contacted' }),
      );
    });

    it("answers a company's drawer without duplicates, and 404 for an unknown lead", async () => {
      const company = await seedCompany(current(), 'full');
      const drawer = await get(`/api/company-submissions/${company.id}/drawer`);
      expect(drawer.status).toBe(200);
      expect(drawer.body.duplicates).toEqual([]);
      expect(drawer.body.lead).toEqual((await get(`/api/company-submissions/${company.id}`)).body);
      for (const kind of ['candidate', 'company']) {
        expect((await get(`/api/${kind}-submissions/999999999/drawer`)).status).toBe(404);
      }
    });

    it('is refused without a session, and read by a viewer, who may not accept changes', async () => {
      const { id } = await seedCandidate(current(), 'regular');
      const url = `/api/candidate-submissions/${id}/drawer`;
      const anonymous = await current().app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      const viewer = await viewerCookie(current());
      expect((await get(url, viewer)).status).toBe(200);
      const accept = await current().app.inject({
        method: 'POST',
        url: `/api/candidate-submissions/${id}/unverified/accept`,
        headers: { cookie: viewer },
      });
      expect(accept.statusCode).toBe(403);
    });

    it("accepts a stranger's changes after a call: they overwrite, the count clears, audited", async () => {
      const { app, db } = current();
      const email = uniqueEmail('accept');
      await postJson(app, '/api/candidates/submit', validBodies.candidateApplication(email));
      // Another browser, without the lead's proof: it may only fill blanks (decision 176).
      await postJson(app, '/api/candidates/submit', {
        ...validBodies.candidateApplication(email),
        lastName: 'Byron',
        phone: '602-555-0199',
      });
      const id = await candidateIdOf(db, email);
      const before = await get(`/api/candidate-submissions/${id}/drawer`);
      expect(before.body.lead).toMatchObject({ lastName: 'Lovelace', unverifiedForms: 1 });

      const accepted = await app.inject({
        method: 'POST',
        url: `/api/candidate-submissions/${id}/unverified/accept`,
        headers: { cookie },
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({
        id,
        lastName: 'Byron',
        phone: '602-555-0199',
        unverifiedForms: 0,
      });
      const audit = await get('/api/admin/audit?action=unverified_reviewed');
      expect(JSON.stringify(audit.body)).toContain('accepted');
      const unknown = await app.inject({
        method: 'POST',
        url: '/api/company-submissions/999999999/unverified/accept',
        headers: { cookie },
      });
      expect(unknown.statusCode).toBe(404);
    });
  },
  { env: adminEnv },
);

describeEachDatabase(
  'the lead drawer under ADMIN_REQUIRE_MFA',
  (current) => {
    it('is refused (403) to an account that may not read leads yet', async () => {
      const { app } = current();
      const { id } = await seedCandidate(current(), 'regular');
      const response = await app.inject({
        method: 'GET',
        url: `/api/candidate-submissions/${id}/drawer`,
        headers: { cookie: await signIn(app) },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ setupRequired: true });
    });
  },
  { env: { ...adminEnv, ADMIN_REQUIRE_MFA: 'true' } },
);
