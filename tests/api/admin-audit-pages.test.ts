import { expect, it } from 'vitest';
import type { AuditEntry } from '../../src/shared/admin-audit';
import type { AdminAuthTables } from '../../src/server/admin/auth/auth-tables';
import { tablesOf } from '../../src/server/platform/database/connection';
import { adminOptions, seedCandidate, signIn } from '../support/admin';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/* The owner's Audit tab pages through the log with its filters, and reads who changed a role how. */

async function auditPage(app: TestApp['app'], cookie: string, query: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/admin/audit${query}`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return {
    entries: response.json<AuditEntry[]>(),
    total: Number(response.headers['x-total-count']),
  };
}

describeEachDatabase(
  'the audit log, page by page',
  (current) => {
    it("pages one action's entries, counts only those, and says which leads are gone", async () => {
      const testApp = current();
      const { app } = testApp;
      const cookie = await signIn(app);
      const as = { headers: { cookie } };
      const kept = await seedCandidate(testApp, 'regular');
      const deleted = await seedCandidate(testApp, 'regular');
      for (const [lead, status] of [
        [kept, 'contacted'],
        [deleted, 'contacted'],
        [kept, 'qualified'],
      ] as const) {
        const changed = await app.inject({
          method: 'PATCH',
          url: `/api/candidate-submissions/${lead.id}`,
          payload: { status },
          ...as,
        });
        expect(changed.statusCode).toBe(200);
      }
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/candidate-submissions/${deleted.id}`,
        ...as,
      });
      expect(removed.statusCode).toBe(204);

      const filter = '?action=status_changed';
      const all = await auditPage(app, cookie, `${filter}&limit=500`);
      expect(all.total).toBe(all.entries.length);
      expect(all.entries.every((entry) => entry.action === 'status_changed')).toBe(true);
      const first = await auditPage(app, cookie, `${filter}&limit=2`);
      const second = await auditPage(app, cookie, `${filter}&limit=2&offset=2`);
      expect(first.total).toBe(all.total);
      expect(second.total).toBe(all.total);
      expect([...first.entries, ...second.entries].map((entry) => entry.id)).toEqual(
        all.entries.slice(0, 4).map((entry) => entry.id),
      );

      // The newest three are this test's: the kept lead opens, the deleted one is gone.
      expect(
        first.entries
          .concat(second.entries.slice(0, 1))
          .map((entry) => [entry.leadId, entry.leadGone]),
      ).toEqual([
        [kept.id, false],
        [deleted.id, true],
        [kept.id, false],
      ]);
      const signIns = await auditPage(app, cookie, '?action=sign_in&limit=1');
      expect(signIns.entries[0]).toMatchObject({ leadType: null, leadGone: true });
    });

    it('writes from which role to which a role change went', async () => {
      const { app, db } = current();
      const cookie = await signIn(app);
      const account = await tablesOf<AdminAuthTables>(db)
        .insertInto('admin_accounts')
        .values({
          email: uniqueEmail('roles'),
          name: 'Rolf',
          role: 'recruiter',
          password_hash: 'scrypt$test-only',
          created_at: new Date().toISOString(),
          disabled_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(account.id);
      const change = async (payload: object) => {
        const response = await app.inject({
          method: 'PATCH',
          url: `/api/admin/users/${id}`,
          payload,
          headers: { cookie },
        });
        expect(response.statusCode).toBe(200);
        return (await auditPage(app, cookie, '?action=account_changed&limit=1')).entries[0]!.detail;
      };
      expect(await change({ role: 'viewer' })).toBe(`account ${id}: role recruiter -> viewer`);
      expect(await change({ role: 'owner', disabled: true })).toBe(
        `account ${id}: role viewer -> owner, disabled`,
      );
      expect(await change({ disabled: false })).toBe(`account ${id}: enabled`);
    });
  },
  adminOptions,
);
