import { beforeAll, expect, it } from 'vitest';
import { adminOptions, seedCandidate, seedCompany, signIn } from '../support/admin';
import { describeEachDatabase, type TestApp } from '../support/test-app';

async function list(testApp: TestApp, cookie: string, url: string) {
  const response = await testApp.app.inject({ method: 'GET', url, headers: { cookie } });
  return {
    status: response.statusCode,
    rows: response.statusCode === 200 ? (response.json() as Record<string, unknown>[]) : [],
    total: Number(response.headers['x-total-count']),
  };
}

describeEachDatabase(
  'lead pipeline',
  (current) => {
    let cookie = '';
    const tag = `p${Date.now().toString(36)}`;

    beforeAll(async () => {
      cookie = await signIn(current().app);
    });

    it('lists each lead with its status, new at first, and filters by status with q and type', async () => {
      const testApp = current();
      const first = await seedCandidate(testApp, 'regular', { last_name: `${tag}one` });
      const second = await seedCandidate(testApp, 'regular', { last_name: `${tag}two` });
      const typeform = await seedCandidate(testApp, 'typeform', { last_name: `${tag}tf` });
      const company = await seedCompany(testApp, 'full', { company_name: `${tag} Compute` });
      await testApp.db
        .updateTable('candidates')
        .set({ status: 'contacted' })
        .where('id', 'in', [second.id, typeform.id])
        .execute();

      const all = await list(testApp, cookie, `/api/candidate-submissions?q=${tag}`);
      expect(all.rows.map((row) => [row.id, row.status])).toEqual([
        [typeform.id, 'contacted'],
        [second.id, 'contacted'],
        [first.id, 'new'],
      ]);
      const companies = await list(testApp, cookie, `/api/company-submissions?q=${tag}`);
      expect(companies.rows.map((row) => [row.id, row.status])).toEqual([[company.id, 'new']]);

      const contacted = await list(
        testApp,
        cookie,
        `/api/candidate-submissions?type=regular&status=contacted&q=${tag}`,
      );
      expect(contacted.rows.map((row) => row.id)).toEqual([second.id]);
      expect(contacted.total).toBe(1);
      const fresh = await list(
        testApp,
        cookie,
        `/api/candidate-submissions?type=regular&status=new&q=${tag}`,
      );
      expect(fresh.rows.map((row) => row.id)).toEqual([first.id]);

      // Without a search: the tab's status range, and every tab of the table merged.
      const tab = await list(
        testApp,
        cookie,
        '/api/candidate-submissions?type=typeform&status=contacted',
      );
      expect(tab.rows.map((row) => row.id)).toEqual([typeform.id]);
      expect(tab.total).toBe(1);
      const untyped = await list(testApp, cookie, '/api/candidate-submissions?status=contacted');
      expect(untyped.rows.map((row) => row.id)).toEqual([typeform.id, second.id]);
      expect(untyped.total).toBe(2);
    });

    it('answers 400 for a status the table does not have', async () => {
      const testApp = current();
      for (const url of [
        '/api/candidate-submissions?status=partner',
        '/api/company-submissions?status=placed',
        '/api/candidate-submissions?status=',
        '/api/admin/lead-emails?status=lost',
      ]) {
        const response = await list(testApp, cookie, url);
        expect(response.status, url).toBe(400);
      }
      const emails = await list(testApp, cookie, '/api/admin/lead-emails?status=new&limit=500');
      expect(emails.status).toBe(200);
      expect(emails.rows.every((row) => row.status === 'new')).toBe(true);
    });
  },
  adminOptions,
);
