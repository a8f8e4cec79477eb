import { expect, it } from 'vitest';
import { adminOptions, signIn } from '../support/admin';
import { describeEachDatabase } from '../support/test-app';

/*
 * A row id past PostgreSQL's integer range is refused as bad input on both databases: it was a 500
 * (out of range for type integer) on PostgreSQL and a plain 404 on SQLite.
 */

const TOO_LARGE = '2147483648';

describeEachDatabase(
  'row ids in admin paths',
  (current) => {
    it('answers 400 naming `id` for an id past the integer range, 404 for a free id within it', async () => {
      const cookie = await signIn(current().app);
      for (const url of [
        `/api/candidate-submissions/${TOO_LARGE}`,
        `/api/company-submissions/${TOO_LARGE}`,
        `/api/admin/sessions/${TOO_LARGE}`,
      ]) {
        const method = url.includes('sessions') ? 'DELETE' : 'GET';
        const response = await current().app.inject({ method, url, headers: { cookie } });
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toMatchObject({ fields: { id: expect.any(String) } });
      }
      const free = await current().app.inject({
        method: 'GET',
        url: '/api/candidate-submissions/2147483647',
        headers: { cookie },
      });
      expect(free.statusCode).toBe(404);
    });
  },
  adminOptions,
);
