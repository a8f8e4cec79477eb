import { beforeAll, expect, it } from 'vitest';
import { adminOptions, seedCandidate, seedCompany, signIn } from '../support/admin';
import { searchHeader } from '../support/search';
import { describeEachDatabase, type TestApp } from '../support/test-app';

type Row = {
  id: number;
  firstName?: string;
  status: string;
  sourcePage: string | null;
  lastActivityAt: string;
  createdAt: string;
  assignee: { id: number; name: string } | null;
};

async function call(
  testApp: TestApp,
  cookie: string,
  method: 'GET' | 'PATCH',
  url: string,
  payload?: object,
  search?: string,
) {
  const headers = { cookie, ...searchHeader(search) };
  const response = await testApp.app.inject({ method, url, headers, payload });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return {
    rows: response.json<Row[]>(),
    total: Number(response.headers['x-total-count']),
    next: response.headers['x-next-cursor'] as string | undefined,
  };
}

describeEachDatabase(
  'the lead list: sorts and phone search',
  (current) => {
    let cookie = '';
    const tag = `s${Date.now().toString(36)}`;
    const list = '/api/candidate-submissions?type=regular';
    /** The list's leads whose names carry `words` (this test's tag unless said). */
    const search = (url: string, words = tag) =>
      call(current(), cookie, 'GET', url, undefined, words);
    // First names in an order of their own; last names carry the tag the list searches for.
    const people = [
      { first: 'Carmen', source: 'free_training', status: 'contacted', owned: true },
      { first: 'Ada', source: undefined, status: 'new', owned: false },
      { first: 'Eve', source: 'high_salary', status: 'qualified', owned: true },
      { first: 'Bea', source: 'free_training', status: 'new', owned: false },
      { first: 'Dana', source: 'high_salary', status: 'contacted', owned: false },
    ] as const;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      const testApp = current();
      cookie = await signIn(testApp.app);
      for (const [index, person] of people.entries()) {
        const { id } = await seedCandidate(
          testApp,
          'regular',
          { first_name: person.first, last_name: `${tag}${index}` },
          person.source ? { variant: person.source } : {},
        );
        ids[person.first] = id;
      }
      for (const person of people) {
        const url = `/api/candidate-submissions/${ids[person.first]}`;
        if (person.status !== 'new')
          await call(testApp, cookie, 'PATCH', url, { status: person.status });
        if (person.owned) await call(testApp, cookie, 'PATCH', url, { assignee: 1 });
      }
    });

    const names = (rows: Row[]) => rows.map((row) => row.firstName);

    it('sorts by each column the list shows, either way', async () => {
      const sorted = async (sort: string) => names((await search(`${list}&sort=${sort}`)).rows);
      expect(await sorted('name')).toEqual(['Ada', 'Bea', 'Carmen', 'Dana', 'Eve']);
      expect(await sorted('-name')).toEqual(['Eve', 'Dana', 'Carmen', 'Bea', 'Ada']);
      // Ties keep the order they were created in, the same way round.
      expect(await sorted('status')).toEqual(['Carmen', 'Dana', 'Ada', 'Bea', 'Eve']);
      expect(await sorted('-status')).toEqual(['Eve', 'Bea', 'Ada', 'Dana', 'Carmen']);
      expect(await sorted('owner')).toEqual(['Ada', 'Bea', 'Dana', 'Carmen', 'Eve']);
      expect(await sorted('source')).toEqual(['Ada', 'Carmen', 'Bea', 'Eve', 'Dana']);
      expect(await sorted('created')).toEqual(['Carmen', 'Ada', 'Eve', 'Bea', 'Dana']);
      expect(await sorted('-created')).toEqual(['Dana', 'Bea', 'Eve', 'Ada', 'Carmen']);
      // The team's last step is the lead's last activity: Dana's status changed last.
      const [dana] = (await search(`${list}&sort=-activity&limit=1`)).rows;
      expect(dana?.firstName).toBe('Dana');
      expect((dana?.lastActivityAt ?? '') > (dana?.createdAt ?? '')).toBe(true);
      expect(await sorted('activity')).toEqual(['Ada', 'Bea', 'Carmen', 'Eve', 'Dana']);
      const [owned] = (await search(`${list}&sort=-owner&limit=1`)).rows;
      expect(owned?.assignee).toEqual({ id: 1, name: 'Owner' });
    });

    it('pages every sort by cursor and by offset without losing or repeating a lead', async () => {
      for (const sort of ['name', '-name', 'status', '-owner', 'source', '-activity', 'created']) {
        const whole = names((await search(`${list}&sort=${sort}`)).rows);
        const byCursor: Row[] = [];
        let url = `${list}&sort=${sort}&limit=2`;
        for (;;) {
          const page = await search(url);
          expect(page.total).toBe(5);
          byCursor.push(...page.rows);
          if (!page.next) break;
          url = `${list}&sort=${sort}&limit=2&cursor=${encodeURIComponent(page.next)}`;
        }
        expect(names(byCursor), sort).toEqual(whole);
        const second = await search(`${list}&sort=${sort}&limit=2&offset=2`);
        expect(names(second.rows), sort).toEqual(whole.slice(2, 4));
      }
    });

    it('sorts Lead Emails across both kinds', async () => {
      const testApp = current();
      const candidate = await seedCandidate(
        testApp,
        'email',
        {},
        { email: `${tag}-b@example.com` },
      );
      const company = await seedCompany(testApp, 'email', {}, { email: `${tag}-a@example.com` });
      const ids = async (sort: string) =>
        (await search(`/api/admin/lead-emails?sort=${sort}`)).rows.map((row) => row.id);
      expect(await ids('name')).toEqual([company.id, candidate.id]);
      expect(await ids('-name')).toEqual([candidate.id, company.id]);
      expect(await ids('-created')).toEqual([company.id, candidate.id]);
    });

    it('refuses a sort it does not know', async () => {
      const response = await current().app.inject({
        method: 'GET',
        url: '/api/candidate-submissions?sort=email',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(400);
    });

    it('finds a lead by the digits of its phone, however they are typed', async () => {
      const testApp = current();
      const { id } = await seedCandidate(testApp, 'regular', {
        first_name: 'Phoebe',
        last_name: `${tag}phone`,
        phone: '+1 (602) 913-4471',
      });
      const other = await seedCandidate(testApp, 'regular', { phone: '555-602-9134' });
      for (const typed of ['602', '(602) 913', '602-913-4471', '6029134471', '+1 602 913 4471']) {
        const found = await search(list, typed);
        expect(
          found.rows.map((row) => row.id),
          typed,
        ).toContain(id);
        expect(
          found.rows.map((row) => row.id),
          typed,
        ).not.toContain(other.id);
      }
      // A number kept without its +1 is found as a caller ID shows it, with the +1.
      const local = `480${String(Date.now()).slice(-7)}`;
      const stored = await seedCandidate(testApp, 'regular', { phone: local });
      for (const typed of [`+1 ${local}`, `1${local.slice(0, 6)}`]) {
        const found = await search('/api/candidate-submissions', typed);
        expect(
          found.rows.map((row) => row.id),
          typed,
        ).toContain(stored.id);
      }
      // Digits in the middle of a number are not its start.
      const middle = await search('/api/candidate-submissions', '9134471');
      expect(middle.rows.map((row) => row.id)).not.toContain(id);
    });
  },
  adminOptions,
);
