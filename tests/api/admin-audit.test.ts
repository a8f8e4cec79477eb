import { expect, it } from 'vitest';
import type { AuditEntryView } from '../../src/server/admin/audit/audit-log';
import {
  ADMIN_TEST_PASSWORD,
  adminOptions,
  freshAddress,
  seedCandidate,
  seedCompany,
  signIn,
} from '../support/admin';
import { searchHeader } from '../support/search';
import { describeEachDatabase, type TestApp } from '../support/test-app';
import { refuseAuditEntries } from '../support/write-blocker';

type Entry = AuditEntryView;

async function auditPage(app: TestApp['app'], cookie: string, query = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/api/admin/audit${query}`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return { entries: response.json<Entry[]>(), total: Number(response.headers['x-total-count']) };
}

describeEachDatabase(
  'admin audit log',
  (current) => {
    it('answers 401 without a session', async () => {
      const response = await current().app.inject({ method: 'GET', url: '/api/admin/audit' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Sign in required' });
    });

    it('records each admin action, newest first, without passwords or personal data', async () => {
      const testApp = current();
      const { app } = testApp;
      const failed = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { password: 'a-wrong-guess-9876' },
        remoteAddress: freshAddress(),
      });
      expect(failed.statusCode).toBe(401);
      const cookie = await signIn(app);
      const candidate = await seedCandidate(testApp, 'regular', { first_name: 'Ada' });
      const company = await seedCompany(testApp, 'full');
      const as = { headers: { cookie } };

      const exported = await app.inject({
        method: 'GET',
        url: '/api/admin/export/candidates.csv?status=new',
        headers: { cookie, ...searchHeader(candidate.email) },
      });
      expect(exported.statusCode).toBe(200);
      const whole = await app.inject({
        method: 'GET',
        url: '/api/admin/export/companies.csv',
        ...as,
      });
      expect(whole.statusCode).toBe(200);
      const mail = await app.inject({
        method: 'POST',
        url: `/api/candidate-submissions/${candidate.id}/send-email`,
        ...as,
      });
      expect(mail.statusCode).toBe(200);
      const status = await app.inject({
        method: 'PATCH',
        url: `/api/candidate-submissions/${candidate.id}`,
        payload: { status: 'contacted' },
        ...as,
      });
      expect(status.statusCode).toBe(200);
      const note = await app.inject({
        method: 'POST',
        url: `/api/candidate-submissions/${candidate.id}/notes`,
        payload: { text: 'Called Ada on her mobile' },
        ...as,
      });
      expect(note.statusCode).toBe(201);
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/company-submissions/${company.id}`,
        ...as,
      });
      expect(deleted.statusCode).toBe(204);
      const everywhere = await app.inject({
        method: 'POST',
        url: '/api/admin/sign-out-everywhere',
        ...as,
      });
      expect(everywhere.statusCode).toBe(200);

      const { entries, total } = await auditPage(app, cookie);
      expect(total).toBe(entries.length);
      expect(entries.map((entry) => entry.action)).toEqual([
        'sign_out_everywhere',
        'delete',
        'note_added',
        'status_changed',
        'email_sent',
        'export',
        'export',
        'sign_in',
        'sign_in_failed',
      ]);
      const byAction = (action: string, nth = 0) =>
        entries.filter((entry) => entry.action === action)[nth] as Entry;
      expect(byAction('sign_in_failed')).toMatchObject({ actor: 'anonymous', leadId: null });
      // The sign-in names the account signed in, and its new session.
      expect(byAction('sign_in')).toMatchObject({ accountId: 1 });
      expect(byAction('sign_in').actor).toMatch(/^Owner \(account 1, session \d+\)$/);
      expect(byAction('export', 1).detail).toBe('candidates, filtered by search and status new');
      expect(byAction('export', 0).detail).toBe('companies, whole tab');
      expect(byAction('email_sent')).toMatchObject({
        leadType: 'candidate',
        leadId: candidate.id,
      });
      expect(byAction('status_changed')).toMatchObject({
        leadType: 'candidate',
        leadId: candidate.id,
        detail: 'new -> contacted',
      });
      expect(byAction('note_added')).toMatchObject({ leadId: candidate.id, detail: null });
      expect(byAction('delete')).toMatchObject({
        leadType: 'company',
        leadId: company.id,
        detail: null,
      });
      expect(byAction('sign_out_everywhere').actor).toMatch(/^Owner \(account 1, session \d+\)$/);
      for (const entry of entries) {
        expect(Date.now() - new Date(entry.at).getTime()).toBeLessThan(60_000);
      }

      const stored = JSON.stringify(
        await testApp.db.selectFrom('admin_audit_entries').selectAll().execute(),
      );
      for (const secret of [
        ADMIN_TEST_PASSWORD,
        'a-wrong-guess-9876',
        candidate.email,
        company.email,
        'Ada',
        'Grace',
        'mobile',
      ]) {
        expect(stored).not.toContain(secret);
      }
    });

    it('pages with limit and offset and counts every entry', async () => {
      const { app } = current();
      const cookie = await signIn(app);
      const all = await auditPage(app, cookie, '?limit=500');
      expect(all.total).toBeGreaterThanOrEqual(3);
      const first = await auditPage(app, cookie, '?limit=2');
      const second = await auditPage(app, cookie, '?limit=2&offset=2');
      expect(first.total).toBe(all.total);
      expect(first.entries.map((e) => e.id)).toEqual(all.entries.slice(0, 2).map((e) => e.id));
      expect(second.entries.map((e) => e.id)).toEqual(all.entries.slice(2, 4).map((e) => e.id));
      const ids = all.entries.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const bad = await app.inject({
        method: 'GET',
        url: '/api/admin/audit?limit=0',
        headers: { cookie },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('records failed sign-ins, but not the throttled attempts after them', async () => {
      const { app } = current();
      const cookie = await signIn(app);
      const failures = async () =>
        (await auditPage(app, cookie, '?limit=500')).entries.filter(
          (entry) => entry.action === 'sign_in_failed',
        ).length;
      const before = await failures();
      const remoteAddress = freshAddress();
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        const attempt = await app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { password: `wrong-${i}` },
          remoteAddress,
        });
        codes.push(attempt.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
      expect((await failures()) - before).toBe(5);
    });

    it('answers no 2xx whose entry is not written: a lead change or delete is then not made either', async () => {
      const testApp = current();
      const { app } = testApp;
      const cookie = await signIn(app);
      const candidate = await seedCandidate(testApp, 'regular');
      const as = { headers: { cookie } };
      const lead = `/api/candidate-submissions/${candidate.id}`;
      const entries = async () => (await auditPage(app, cookie)).total;
      const before = await entries();
      const refusal = await refuseAuditEntries(testApp);
      try {
        const change = { method: 'PATCH', url: lead, payload: { status: 'qualified' }, ...as };
        expect((await app.inject(change as object)).statusCode).toBe(500);
        const note = {
          method: 'POST',
          url: `${lead}/notes`,
          payload: { text: 'Rang them at nine' },
          ...as,
        };
        expect((await app.inject(note as object)).statusCode).toBe(500);
        const exported = await app.inject({
          method: 'GET',
          url: '/api/admin/export/candidates.csv',
          ...as,
        });
        expect(exported.statusCode).toBe(500);
        expect(exported.headers['content-disposition']).toBeUndefined();
        expect(exported.body).not.toContain(candidate.email);
        const removed = await app.inject({ method: 'DELETE', url: lead, ...as });
        expect(removed.statusCode).toBe(500);
      } finally {
        await refusal.release();
      }
      const stored = await app.inject({ method: 'GET', url: lead, ...as });
      expect(stored.statusCode).toBe(200);
      expect(stored.json()).toMatchObject({ status: 'new' });
      expect(stored.body).not.toContain('Rang them at nine');
      expect(await entries()).toBe(before);
    });

    it("records a list page larger than the dashboard's, not the dashboard's own", async () => {
      const testApp = current();
      const { app } = testApp;
      const cookie = await signIn(app);
      await seedCandidate(testApp, 'regular');
      const read = async (url: string, search?: string) => {
        const headers = { cookie, ...searchHeader(search) };
        expect((await app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
      };
      const listReads = async () =>
        (await auditPage(app, cookie, '?action=list_read')).entries.map((entry) => entry.detail);
      const before = await listReads();
      // The screen's pages, refreshed every 30 s: no entry.
      await read('/api/candidate-submissions?limit=25&offset=25');
      await read('/api/candidate-submissions/board?status=new');
      expect(await listReads()).toEqual(before);
      await read('/api/candidate-submissions?limit=500&offset=500', 'Lovelace');
      await read('/api/admin/lead-emails?limit=26');
      expect((await listReads()).slice(0, 2)).toEqual([
        'lead emails, up to 26 from 0',
        'candidates, up to 500 from 500',
      ]);
    });

    it("keeps only the action and id of a deleted lead's entries", async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      const candidate = await seedCandidate(testApp, 'regular');
      const as = { headers: { cookie } };
      await testApp.app.inject({
        method: 'PATCH',
        url: `/api/candidate-submissions/${candidate.id}`,
        payload: { status: 'qualified' },
        ...as,
      });
      const deleted = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/candidate-submissions/${candidate.id}`,
        ...as,
      });
      expect(deleted.statusCode).toBe(204);
      const { entries } = await auditPage(testApp.app, cookie);
      const ofLead = entries.filter(
        (entry) => entry.leadType === 'candidate' && entry.leadId === candidate.id,
      );
      expect(ofLead.map((entry) => [entry.action, entry.detail])).toEqual([
        ['delete', null],
        ['status_changed', null],
      ]);
    });
  },
  adminOptions,
);
