import { CompiledQuery } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { boardColumnQueries } from '../../src/server/leads/reads/lead-board';
import { LeadListing } from '../../src/server/leads/reads/lead-listing';
import type { AdminLeadTables } from '../../src/server/leads/records/listing-tables';
import { tablesOf } from '../../src/server/platform/database/connection';
import { adminOptions, patchStatus, seedCandidate, seedCompany, signIn } from '../support/admin';
import { describeEachDatabase, type TestApp } from '../support/test-app';
import { searchHeader } from '../support/search';

interface Card {
  id: number;
  status: string;
  firstName?: string | null;
  lastName?: string | null;
  companyName?: string | null;
  utmSource: string | null;
  landingVariant: string | null;
  lastActivityAt: string;
}

async function get(testApp: TestApp, cookie: string, url: string, search?: string) {
  const headers = { cookie, ...searchHeader(search) };
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  return {
    status: response.statusCode,
    cards: response.statusCode === 200 ? (response.json() as Card[]) : [],
    total: response.headers['x-total-count'],
    next: response.headers['x-next-cursor'] as string | undefined,
  };
}

async function move(testApp: TestApp, cookie: string, path: string, status: string) {
  expect((await patchStatus(testApp.app, path, status, cookie)).statusCode).toBe(200);
}

describeEachDatabase(
  'lead board',
  (current) => {
    let cookie = '';
    beforeAll(async () => {
      cookie = await signIn(current().app);
    });

    it("answers a status's cards of a tab, newest first, with name, source and last activity", async () => {
      const testApp = current();
      const older = await seedCandidate(testApp, 'regular', { last_name: 'Older' });
      const newer = await seedCandidate(
        testApp,
        'regular',
        { last_name: 'Newer' },
        { variant: 'free_training', utmSource: 'newsletter' },
      );
      const typeform = await seedCandidate(testApp, 'questionnaire');
      const staying = await seedCandidate(testApp, 'regular');
      const before = new Date().toISOString();
      for (const { id } of [older, newer, typeform]) {
        await move(testApp, cookie, `/api/candidate-submissions/${id}`, 'qualified');
      }

      const column = await get(
        testApp,
        cookie,
        '/api/candidate-submissions/board?type=regular&status=qualified',
      );
      expect(column.status).toBe(200);
      expect(column.total).toBe('2');
      expect(column.next).toBeUndefined();
      expect(column.cards.map((card) => [card.id, card.status, card.lastName])).toEqual([
        [newer.id, 'qualified', 'Newer'],
        [older.id, 'qualified', 'Older'],
      ]);
      expect(column.cards[0]).toMatchObject({
        firstName: 'Ada',
        utmSource: 'newsletter',
        landingVariant: 'free_training',
      });
      // The move is the card's last activity.
      expect(column.cards[0]!.lastActivityAt >= before).toBe(true);

      const questionnaire = await get(
        testApp,
        cookie,
        '/api/candidate-submissions/board?type=questionnaire&status=qualified',
      );
      expect(questionnaire.cards.map((card) => card.id)).toEqual([typeform.id]);
      const fresh = await get(
        testApp,
        cookie,
        '/api/candidate-submissions/board?type=regular&status=new',
      );
      expect(fresh.cards.map((card) => card.id)).toContain(staying.id);
      expect(fresh.cards.map((card) => card.id)).not.toContain(newer.id);
    });

    it('pages each column with its own cursor, every card once', async () => {
      const testApp = current();
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        const company = await seedCompany(testApp, 'full', { company_name: `Board ${i}` });
        await move(testApp, cookie, `/api/company-submissions/${company.id}`, 'in_discussion');
        ids.unshift(company.id);
      }
      const seen: number[] = [];
      let url = '/api/company-submissions/board?type=full&status=in_discussion&limit=2';
      for (let page = 0; page < 5; page++) {
        const column = await get(testApp, cookie, url);
        expect(column.status).toBe(200);
        expect(column.total).toBe('5');
        expect(column.cards.length).toBeLessThanOrEqual(2);
        seen.push(...column.cards.map((card) => card.id));
        if (!column.next) break;
        url = `/api/company-submissions/board?type=full&status=in_discussion&limit=2&cursor=${encodeURIComponent(column.next)}`;
      }
      expect(seen).toEqual(ids);
      const first = await get(
        testApp,
        cookie,
        '/api/company-submissions/board?type=full&status=in_discussion&limit=2',
      );
      expect(first.cards.map((card) => card.companyName)).toEqual(['Board 4', 'Board 3']);
      // A column of exactly one full page offers no "Show more".
      const whole = await get(
        testApp,
        cookie,
        '/api/company-submissions/board?type=full&status=in_discussion&limit=5',
      );
      expect(whole.cards).toHaveLength(5);
      expect(whole.next).toBeUndefined();
    });

    it("filters each column by the list's search and assignee=me, counts included", async () => {
      const testApp = current();
      const tag = `bf${Date.now().toString(36)}`;
      const mine = await seedCandidate(testApp, 'regular', { last_name: `${tag}a` });
      const other = await seedCandidate(testApp, 'regular', { last_name: `${tag}b` });
      await seedCandidate(testApp, 'regular', { last_name: 'Elsewhere' });
      const assigned = await testApp.app.inject({
        method: 'PATCH',
        url: `/api/candidate-submissions/${mine.id}`,
        headers: { cookie },
        payload: { assignee: 1 },
      });
      expect(assigned.statusCode).toBe(200);
      const column = (query = '') =>
        get(
          testApp,
          cookie,
          `/api/candidate-submissions/board?type=regular&status=new${query}`,
          tag,
        );

      const searched = await column();
      expect(searched.cards.map((card) => card.id)).toEqual([other.id, mine.id]);
      expect(searched.total).toBe('2');
      const own = await column('&assignee=me');
      expect(own.cards.map((card) => card.id)).toEqual([mine.id]);
      expect(own.total).toBe('1');
      expect((await column('&duplicates=1')).total).toBe('0');
    });

    it('refuses a missing or unknown status or type, and answers 401 signed out', async () => {
      const testApp = current();
      for (const query of ['', '?status=placed', '?status=new&type=email-only2']) {
        const column = await get(testApp, cookie, `/api/company-submissions/board${query}`);
        expect(column.status, query).toBe(400);
      }
      const signedOut = await testApp.app.inject({
        method: 'GET',
        url: '/api/candidate-submissions/board?status=new',
      });
      expect(signedOut.statusCode).toBe(401);
    });

    it("reads a column's page and count from the status index", async () => {
      const testApp = current();
      const listing = new LeadListing(tablesOf<AdminLeadTables>(testApp.db), testApp.kind);
      const { page, count } = boardColumnQueries(listing, 'candidates', {
        type: 'regular',
        status: 'contacted',
        limit: 20,
        cursor: { createdAt: '2030-01-01T00:00:00.000Z', id: 1_000_000 },
      });
      for (const query of [page, count]) {
        const { sql, parameters } = query.compile();
        const plan = await testApp.db.transaction().execute(async (trx) => {
          if (testApp.kind === 'sqlite') {
            const rows = await trx.executeQuery<{ detail: string }>(
              CompiledQuery.raw(`explain query plan ${sql}`, [...parameters]),
            );
            return rows.rows.map((row) => row.detail).join('; ');
          }
          // A few test rows: PostgreSQL would rather scan them; the index must be usable.
          await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
          await trx.executeQuery(CompiledQuery.raw('set local enable_sort = off'));
          const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(
            CompiledQuery.raw(`explain ${sql}`, [...parameters]),
          );
          return rows.rows.map((row) => row['QUERY PLAN']).join('; ');
        });
        expect(plan).toMatch(/candidates_status_idx/);
        expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
        // A card's last activity is the row's own (activity_at): no read of the activity table.
        expect(plan).not.toMatch(/lead_activity/);
      }
    });
  },
  adminOptions,
);
