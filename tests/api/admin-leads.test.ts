import { beforeAll, expect, it, onTestFinished, vi } from 'vitest';
import { adminOptions, seedCandidate, seedCompany, signIn } from '../support/admin';
import { searchHeader } from '../support/search';
import { describeEachDatabase, type TestApp } from '../support/test-app';
import type { OverviewFigures } from '../../src/shared/admin-overview';

async function get(testApp: TestApp, cookie: string, url: string, search?: string) {
  const headers = { cookie, ...searchHeader(search) };
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return {
    body: response.json() as Record<string, unknown>[],
    total: Number(response.headers['x-total-count']),
    next: response.headers['x-next-cursor'] as string | undefined,
  };
}

describeEachDatabase(
  'admin listings',
  (current) => {
    let cookie = '';
    const seeded: Record<string, { id: number; email: string }> = {};
    const tag = `z${Date.now().toString(36)}`;

    beforeAll(async () => {
      const testApp = current();
      cookie = await signIn(testApp.app);
      seeded.typeform = await seedCandidate(testApp, 'questionnaire', {
        last_name: `${tag}typeform`,
      });
      seeded.regular = await seedCandidate(
        testApp,
        'regular',
        { last_name: `${tag}regular`, location: 'Austin, TX' },
        { variant: 'free_training', utmSource: 'newsletter' },
      );
      seeded.email = await seedCandidate(
        testApp,
        'email',
        {},
        { variant: 'high_salary', utmSource: 'ads' },
      );
      seeded.company = await seedCompany(testApp, 'full', { company_name: `${tag} Compute` });
      seeded.companyEmail = await seedCompany(testApp, 'email');
      // Twelve regular candidates for paging, one per millisecond apart at least.
      for (let i = 0; i < 12; i++) {
        await seedCandidate(testApp, 'regular', { first_name: `${tag}Pager`, last_name: `N${i}` });
      }
    });

    it('answers arrays in the spec field names, classified per section 4', async () => {
      const testApp = current();
      const typeform = await get(
        testApp,
        cookie,
        '/api/candidate-submissions?type=questionnaire',
        tag,
      );
      expect(typeform.body.map((row) => row.id)).toEqual([seeded.typeform?.id]);
      expect(typeform.body[0]).toMatchObject({
        email: seeded.typeform?.email,
        firstName: 'Ada',
        lastName: `${tag}typeform`,
        isTypeformCandidate: true,
        typeformCompleted: false,
        leadType: 'questionnaire',
      });
      expect(typeform.body[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

      const regular = await get(
        testApp,
        cookie,
        '/api/candidate-submissions?type=regular',
        `${tag}r`,
      );
      expect(regular.body.map((row) => row.id)).toEqual([seeded.regular?.id]);
      expect(regular.body[0]).toMatchObject({
        location: 'Austin, TX',
        landingVariant: 'free_training',
        sourcePage: '/career',
        utmSource: 'newsletter',
        isTypeformCandidate: false,
      });

      const emailOnly = await get(
        testApp,
        cookie,
        '/api/candidate-submissions?type=email-only',
        seeded.email?.email ?? '',
      );
      expect(emailOnly.body).toHaveLength(1);
      expect(emailOnly.body[0]).toMatchObject({
        firstName: null,
        lastName: null,
        leadType: 'email',
      });

      const companies = await get(testApp, cookie, '/api/company-submissions?type=full', tag);
      expect(companies.body.map((row) => row.id)).toEqual([seeded.company?.id]);
      expect(companies.body[0]).toMatchObject({
        companyName: `${tag} Compute`,
        contactName: 'Grace Hopper',
      });

      const leadEmails = await get(testApp, cookie, '/api/admin/lead-emails?limit=500');
      const emails = leadEmails.body.map((row) => [row.email, row.type]);
      expect(emails).toContainEqual([seeded.email?.email, 'candidate']);
      expect(emails).toContainEqual([seeded.companyEmail?.email, 'company']);
      expect(emails.map(([email]) => email)).not.toContain(seeded.regular?.email);
    });

    it('searches by name prefix in any case, by full name, and by e-mail', async () => {
      const testApp = current();
      const byLast = await get(
        testApp,
        cookie,
        '/api/candidate-submissions',
        `${tag.toUpperCase()}REG`,
      );
      expect(byLast.body.map((row) => row.id)).toEqual([seeded.regular?.id]);
      const byFull = await get(testApp, cookie, '/api/candidate-submissions', `ada   ${tag}typ`);
      expect(byFull.body.map((row) => row.id)).toEqual([seeded.typeform?.id]);
      const byEmail = await get(
        testApp,
        cookie,
        '/api/candidate-submissions',
        seeded.regular?.email.slice(0, 20) ?? '',
      );
      expect(byEmail.body.map((row) => row.id)).toContain(seeded.regular?.id);
      const byContact = await get(testApp, cookie, '/api/company-submissions', 'grace hop');
      expect(byContact.body.map((row) => row.id)).toContain(seeded.company?.id);
      const none = await get(testApp, cookie, '/api/candidate-submissions', `${tag}nothing`);
      expect(none.body).toEqual([]);
      expect(none.total).toBe(0);
      // A LIKE wildcard is just a character.
      const wildcard = await get(testApp, cookie, '/api/candidate-submissions', '%');
      expect(wildcard.total).toBe(0);
    });

    it('pages newest first with limit and offset, or a cursor, and gives the total', async () => {
      const testApp = current();
      const base = '/api/candidate-submissions?type=regular&limit=5';
      const pager = `${tag}pager`;
      const first = await get(testApp, cookie, base, pager);
      expect(first.total).toBe(12);
      expect(first.body.map((row) => row.lastName)).toEqual(['N11', 'N10', 'N9', 'N8', 'N7']);
      const second = await get(testApp, cookie, `${base}&offset=5`, pager);
      expect(second.body.map((row) => row.lastName)).toEqual(['N6', 'N5', 'N4', 'N3', 'N2']);
      const byCursor = await get(
        testApp,
        cookie,
        `${base}&cursor=${encodeURIComponent(first.next ?? '')}`,
        pager,
      );
      expect(byCursor.body.map((row) => row.lastName)).toEqual(['N6', 'N5', 'N4', 'N3', 'N2']);
      const last = await get(testApp, cookie, `${base}&offset=10`, pager);
      expect(last.body.map((row) => row.lastName)).toEqual(['N1', 'N0']);
      expect(last.next).toBeUndefined();
      // A last page that is exactly full has no next page (the pager's Next goes off).
      const six = `${base.replace('limit=5', 'limit=6')}&offset=6`;
      const full = await get(testApp, cookie, six, pager);
      expect(full.body).toHaveLength(6);
      expect(full.next).toBeUndefined();
      const email = seeded.email?.email ?? '';
      const oneEmail = await get(testApp, cookie, '/api/admin/lead-emails?limit=1', email);
      expect(oneEmail.body).toHaveLength(1);
      expect(oneEmail.next).toBeUndefined();
    });

    it('counts at most 1,000 matches of a search and says so', async () => {
      const testApp = current();
      const now = new Date().toISOString();
      const many = `${tag}many`;
      const rows = Array.from({ length: 1001 }, (_, i) => ({
        email: `${many}${i}@example.com`,
        email_normalized: `${many}${i}@example.com`,
        stage: 'application' as const,
        first_name: 'Bulk',
        last_name: `${many}${i}`,
        questionnaire_completed: 0,
        is_questionnaire_candidate: 0,
        created_at: now,
        updated_at: now,
      }));
      await testApp.db.insertInto('candidates').values(rows).execute();
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/candidate-submissions?limit=10',
        headers: { cookie, ...searchHeader(many) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('1000');
      expect(response.headers['x-total-count-capped']).toBe('true');
      expect(response.json()).toHaveLength(10);
      const few = await get(testApp, cookie, '/api/candidate-submissions', `${many}100`);
      // many100 and many1000: 2 matches, exact.
      expect(few.total).toBe(2);
    });

    it('refuses a limit above 500 and an unknown type', async () => {
      const { app } = current();
      for (const url of [
        '/api/candidate-submissions?limit=501',
        '/api/candidate-submissions?type=companies',
        '/api/company-submissions?type=questionnaire',
      ]) {
        const response = await app.inject({ method: 'GET', url, headers: { cookie } });
        expect(response.statusCode, url).toBe(400);
      }
    });

    it('deletes a candidate and a company; the row leaves the list', async () => {
      const testApp = current();
      const candidate = await seedCandidate(testApp, 'regular', { last_name: `${tag}delete` });
      const company = await seedCompany(testApp, 'full', { company_name: `${tag}delete co` });
      for (const [url, list] of [
        [`/api/candidate-submissions/${candidate.id}`, '/api/candidate-submissions'],
        [`/api/company-submissions/${company.id}`, '/api/company-submissions'],
      ] as const) {
        expect((await get(testApp, cookie, list, `${tag}delete`)).body).toHaveLength(1);
        const deleted = await testApp.app.inject({ method: 'DELETE', url, headers: { cookie } });
        expect(deleted.statusCode).toBe(204);
        expect((await get(testApp, cookie, list, `${tag}delete`)).body).toHaveLength(0);
        const again = await testApp.app.inject({ method: 'DELETE', url, headers: { cookie } });
        expect(again.statusCode).toBe(404);
      }
    });

    it('gives the overview: candidate and company leads per day, the last 30 UTC days', async () => {
      // The clock stands still for the test: both reads see the same 30 days, even at midnight.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
      onTestFinished(() => void vi.useRealTimers());
      const testApp = current();
      const overview = async () => {
        const response = await testApp.app.inject({
          method: 'GET',
          url: '/api/admin/overview',
          headers: { cookie },
        });
        expect(response.statusCode).toBe(200);
        return response.json<OverviewFigures>().daily;
      };
      const before = await overview();
      await seedCandidate(testApp, 'email');
      await seedCandidate(testApp, 'regular');
      await seedCompany(testApp, 'email');
      const daily = await overview();
      expect(daily).toHaveLength(30);
      const today = new Date().toISOString().slice(0, 10);
      expect(daily.map((day) => day.date)).toEqual(before.map((day) => day.date));
      expect(daily[29]).toEqual({
        date: today,
        candidates: before[29]!.candidates + 2,
        companies: before[29]!.companies + 1,
      });
      expect(daily.slice(0, 29)).toEqual(before.slice(0, 29));
    });

    it('finds lead e-mails of both kinds by e-mail prefix', async () => {
      const testApp = current();
      const prefix = `${tag}mailbox`;
      const candidate = await seedCandidate(
        testApp,
        'email',
        {},
        { email: `${prefix}1@example.com` },
      );
      const company = await seedCompany(testApp, 'email', {}, { email: `${prefix}2@example.com` });
      const found = await get(testApp, cookie, '/api/admin/lead-emails', prefix);
      expect(found.total).toBe(2);
      // Newest first. Saved in the same millisecond, the two tie (then the candidate is first).
      expect(found.body.map((row) => [row.id, row.type])).toEqual(
        found.body[0]?.createdAt === found.body[1]?.createdAt
          ? [
              [candidate.id, 'candidate'],
              [company.id, 'company'],
            ]
          : [
              [company.id, 'company'],
              [candidate.id, 'candidate'],
            ],
      );
    });

    it('pages a dense search like a sparse one, whether its matches are new or old', async () => {
      const testApp = current();
      const dense = `${tag}dense`;
      const at = (ms: number) => new Date(ms).toISOString();
      const now = Date.now();
      const row = (lastName: string, createdAt: string) => ({
        email: `${lastName}@example.com`,
        email_normalized: `${lastName}@example.com`,
        stage: 'application' as const,
        first_name: 'Bulk',
        last_name: lastName,
        questionnaire_completed: 0,
        is_questionnaire_candidate: 0,
        created_at: createdAt,
        updated_at: createdAt,
      });
      // Twelve matches (each by last name and by e-mail): six recent, six years old; then ten
      // newer leads of the same tab that do not match.
      await testApp.db
        .insertInto('candidates')
        .values([
          ...Array.from({ length: 6 }, (_, i) => row(`${dense}new${i}`, at(now + i))),
          ...Array.from({ length: 6 }, (_, i) =>
            row(`${dense}old${i}`, at(Date.UTC(2001, 0, 1, 0, 0, i))),
          ),
          ...Array.from({ length: 10 }, (_, i) => row(`${tag}other${i}`, at(now + 3_600_000 + i))),
        ])
        .execute();
      const expected = [
        ...Array.from({ length: 6 }, (_, i) => `${dense}new${5 - i}`),
        ...Array.from({ length: 6 }, (_, i) => `${dense}old${5 - i}`),
      ];
      const { LeadListing } = await import('../../src/server/leads/reads/lead-listing');
      const { tablesOf } = await import('../../src/server/platform/database/connection');
      const names = (rows: { last_name: string | null }[]) => rows.map((r) => r.last_name);
      const queries = new LeadListing(tablesOf(testApp.db), testApp.kind);
      {
        const search = { type: 'regular' as const, q: dense.toUpperCase(), limit: 5 };
        const first = await queries.list('candidates', search);
        expect(first).toMatchObject({ total: 12, capped: false });
        expect(names(first.rows), 'search').toEqual(expected.slice(0, 5));
        const second = await queries.list('candidates', { ...search, offset: 5 });
        expect(names(second.rows), 'search').toEqual(expected.slice(5, 10));
        const last = first.rows[4] as { created_at: string; id: number };
        const byCursor = await queries.list('candidates', {
          ...search,
          cursor: { createdAt: last.created_at, id: last.id },
        });
        expect(names(byCursor.rows), 'search').toEqual(expected.slice(5, 10));
        const end = await queries.list('candidates', { ...search, offset: 10 });
        expect(names(end.rows), 'search').toEqual(expected.slice(10));
      }
      // Within a status: a short status range is walked whole, a longer one the key ranges
      // answer (checked against each row's status); both agree.
      const contacted = expected.filter((_, i) => i % 2 === 0);
      await testApp.db
        .updateTable('candidates')
        .set({ status: 'contacted' })
        .where('last_name', 'in', contacted)
        .execute();
      const fresh = expected.filter((_, i) => i % 2 === 1);
      {
        for (const [status, matches] of [
          ['contacted', contacted],
          ['new', fresh],
        ] as const) {
          const search = { type: 'regular' as const, q: dense, status, limit: 5 };
          const first = await queries.list('candidates', search);
          expect(first, status).toMatchObject({ total: 6, capped: false });
          expect(names(first.rows)).toEqual(matches.slice(0, 5));
          const rest = await queries.list('candidates', { ...search, offset: 5 });
          expect(names(rest.rows)).toEqual(matches.slice(5));
        }
      }

      // The server's own plan (few matches: the search indexes) agrees.
      const served = await get(testApp, cookie, '/api/candidate-submissions?type=regular', dense);
      expect(served.total).toBe(12);
      expect(served.body.map((r) => r.lastName)).toEqual(expected);
    });
  },
  adminOptions,
);
