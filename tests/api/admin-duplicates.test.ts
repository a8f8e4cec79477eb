import { beforeAll, expect, it } from 'vitest';
import { fillMatchKeys } from '../../src/server/leads/records/migrations/match-key-migrations';
import { adminOptions, seedCandidate, signIn } from '../support/admin';
import { candidateIdOf, postJson } from '../support/api';
import { validBodies } from '../support/lead-bodies';
import { searchHeader } from '../support/search';
import { describeEachDatabase } from '../support/test-app';

let serial = 0;
/** A tag, a phone and a location no other test uses: tests share a database. */
function fresh() {
  serial += 1;
  const tag = `d${Date.now().toString(36)}${serial}`;
  const digits = `${Date.now()}${serial}`.slice(-10);
  return { tag, digits, location: `Town ${tag}` };
}

describeEachDatabase(
  'possible duplicates and merge',
  (current) => {
    let cookie = '';
    beforeAll(async () => {
      cookie = await signIn(current().app);
    });

    async function call(
      method: 'GET' | 'POST' | 'PATCH',
      url: string,
      payload?: object,
      search?: string,
    ) {
      const response = await current().app.inject({
        method,
        url,
        headers: { cookie, ...searchHeader(search) },
        ...(payload ? { payload } : {}),
      });
      return {
        status: response.statusCode,
        body: response.body ? response.json() : undefined,
        total: Number(response.headers['x-total-count']),
      };
    }
    const duplicatesOf = async (id: number) => {
      const answer = await call('GET', `/api/candidate-submissions/${id}/duplicates`);
      expect(answer.status).toBe(200);
      return (answer.body as { id: number; reasons: string[] }[]).map(({ id, reasons }) => ({
        id,
        reasons,
      }));
    };
    const seed = (fields: Record<string, string>, email?: string) =>
      seedCandidate(current(), 'regular', fields, email ? { email } : {});

    it('matches the same phone digits, whatever the punctuation', async () => {
      const { tag, digits } = fresh();
      const phone = `${digits.slice(0, 3)}-${digits.slice(3)}`;
      const a = await seed({
        last_name: `${tag}a`,
        phone: `(${digits.slice(0, 3)}) ${digits.slice(3)}`,
      });
      const b = await seed({ last_name: `${tag}b`, phone });
      const other = await seed({ last_name: `${tag}c`, phone: `${digits}9` });
      expect(await duplicatesOf(a.id)).toEqual([{ id: b.id, reasons: ['phone'] }]);
      expect(await duplicatesOf(b.id)).toEqual([{ id: a.id, reasons: ['phone'] }]);
      expect(await duplicatesOf(other.id)).toEqual([]);
    });

    it('matches the same first and last name in any case with the same location', async () => {
      const { tag, location } = fresh();
      const a = await seed({ first_name: 'Ada', last_name: `Love${tag}`, location });
      const b = await seed({
        first_name: ' ADA ',
        last_name: `love${tag.toUpperCase()}`,
        location: location.toLowerCase(),
      });
      const elsewhere = await seed({
        first_name: 'Ada',
        last_name: `Love${tag}`,
        location: 'Paris',
      });
      const [found] = await Promise.all([duplicatesOf(a.id)]);
      expect(found).toEqual([{ id: b.id, reasons: ['name_location'] }]);
      expect(await duplicatesOf(elsewhere.id)).toEqual([]);
      const detail = await call('GET', `/api/candidate-submissions/${a.id}/duplicates`);
      expect(detail.body).toEqual([
        {
          id: b.id,
          firstName: ' ADA ',
          lastName: `love${tag.toUpperCase()}`,
          email: b.email,
          createdAt: expect.any(String),
          reasons: ['name_location'],
        },
      ]);
    });

    it('matches Gmail addresses without dots and +tags, other addresses without case and +tags', async () => {
      const { tag } = fresh();
      const gmail = await seed({ last_name: `${tag}a` }, `${tag}.ada@gmail.com`);
      const googlemail = await seed({ last_name: `${tag}b` }, `${tag}ADA+jobs@googlemail.com`);
      const work = await seed({ last_name: `${tag}c` }, `${tag}.ada+x@example.org`);
      const workPlain = await seed({ last_name: `${tag}d` }, `${tag}.Ada@example.org`);
      const dotted = await seed({ last_name: `${tag}e` }, `${tag}ada@example.org`);
      expect(await duplicatesOf(gmail.id)).toEqual([{ id: googlemail.id, reasons: ['email'] }]);
      expect(await duplicatesOf(work.id)).toEqual([{ id: workPlain.id, reasons: ['email'] }]);
      // Dots count outside Gmail.
      expect(await duplicatesOf(dotted.id)).toEqual([]);
    });

    it('names every key a look-alike shares, and 404 for an unknown lead', async () => {
      const { tag, digits, location } = fresh();
      const names = { first_name: 'Grace', last_name: `Hop${tag}`, location };
      const a = await seed({ ...names, phone: digits }, `${tag}@gmail.com`);
      const b = await seed({ ...names, phone: `+${digits}` }, `${tag}+2@gmail.com`);
      expect(await duplicatesOf(a.id)).toEqual([
        { id: b.id, reasons: ['phone', 'name_location', 'email'] },
      ]);
      expect((await call('GET', '/api/candidate-submissions/999999999/duplicates')).status).toBe(
        404,
      );
    });

    it('matches a US phone with and without its +1: the lookup, the filter, the merge', async () => {
      const { tag, digits } = fresh();
      // An area code never starts with 1, so the +1 is the only leading 1.
      const [area, exchange, line] = [
        `6${digits.slice(1, 3)}`,
        digits.slice(3, 6),
        digits.slice(6),
      ];
      const local = await seed({ last_name: `${tag}a`, phone: `${area}-${exchange}-${line}` });
      const coded = await seed({ last_name: `${tag}b`, phone: `+1 ${area} ${exchange} ${line}` });
      expect(await duplicatesOf(local.id)).toEqual([{ id: coded.id, reasons: ['phone'] }]);
      expect(await duplicatesOf(coded.id)).toEqual([{ id: local.id, reasons: ['phone'] }]);
      const list = await call('GET', '/api/candidate-submissions?duplicates=1', undefined, tag);
      expect((list.body as { id: number }[]).map((row) => row.id)).toEqual([coded.id, local.id]);

      const merged = await call('POST', `/api/candidate-submissions/${local.id}/merge`, {
        otherId: coded.id,
      });
      expect(merged).toMatchObject({ status: 200, body: { id: local.id, mergedId: coded.id } });
      // One number: its other spelling is no other contact (the other e-mail is).
      expect((await call('GET', `/api/candidate-submissions/${local.id}`)).body).toMatchObject({
        phone: `${area}-${exchange}-${line}`,
        secondaryContacts: [{ kind: 'email', value: coded.email }],
      });
      expect(await duplicatesOf(local.id)).toEqual([]);
    });

    it('filters the Candidates list to leads with a possible duplicate (duplicates=1)', async () => {
      const { tag, digits } = fresh();
      const alone = await seed({ last_name: `${tag}alone` });
      const a = await seed({ last_name: `${tag}a`, phone: digits });
      const b = await seed({ last_name: `${tag}b`, phone: digits });
      const list = await call('GET', '/api/candidate-submissions?duplicates=1', undefined, tag);
      expect(list.status).toBe(200);
      expect((list.body as { id: number }[]).map((row) => row.id)).toEqual([b.id, a.id]);
      expect(list.total).toBe(2);
      const all = await call('GET', '/api/candidate-submissions?duplicates=0', undefined, tag);
      expect((all.body as { id: number }[]).map((row) => row.id)).toEqual([b.id, a.id, alone.id]);
      const typed = await call(
        'GET',
        '/api/candidate-submissions?type=regular&status=new&duplicates=1',
        undefined,
        tag,
      );
      expect(typed.total).toBe(2);
      expect((await call('GET', '/api/candidate-submissions?duplicates=2')).status).toBe(400);
      const csv = await current().app.inject({
        method: 'GET',
        url: '/api/admin/export/candidates.csv?duplicates=1',
        headers: { cookie, ...searchHeader(tag) },
      });
      expect(csv.body.trim().split('\n')).toHaveLength(3);
    });

    it('merges the other lead into this one: histories, notes, timeline, first touch; the other is gone', async () => {
      const { tag, digits } = fresh();
      const { app, db } = current();
      const idOf = async (email: string) => ({ id: await candidateIdOf(db, email), email });
      // The same person twice: an application first, later an e-mail with another Gmail spelling.
      const applied = await postJson(app, '/api/candidates/submit', {
        ...validBodies.candidateApplication(`${tag}.x@gmail.com`),
        lastName: tag,
        phone: digits,
        attribution: { page: '/career', variant: 'free_training', utmSource: 'first-touch' },
      });
      expect(applied.statusCode).toBe(200);
      const other = await idOf(`${tag}.x@gmail.com`);
      await postJson(app, '/api/candidates/email', {
        email: `${tag}X+jobs@gmail.com`,
        attribution: {
          page: '/training',
          variant: 'high_salary',
          utmSource: 'later-touch',
          utmCampaign: 'spring',
        },
      });
      const kept = await idOf(`${tag}X+jobs@gmail.com`);
      expect(await duplicatesOf(kept.id)).toEqual([{ id: other.id, reasons: ['email'] }]);
      expect(
        (
          await call('POST', `/api/candidate-submissions/${other.id}/notes`, {
            text: 'Called once',
          })
        ).status,
      ).toBe(201);
      expect(
        (await call('PATCH', `/api/candidate-submissions/${other.id}`, { status: 'contacted' }))
          .status,
      ).toBe(200);
      expect(
        (await call('POST', `/api/candidate-submissions/${kept.id}/notes`, { text: 'Kept note' }))
          .status,
      ).toBe(201);
      const before = (await call('GET', `/api/candidate-submissions/${other.id}`)).body as {
        createdAt: string;
      };

      const merged = await call('POST', `/api/candidate-submissions/${kept.id}/merge`, {
        otherId: other.id,
      });
      expect(merged).toMatchObject({ status: 200, body: { id: kept.id, mergedId: other.id } });

      const detail = (await call('GET', `/api/candidate-submissions/${kept.id}`)).body as Record<
        string,
        unknown
      > & { timeline: { kind: string; text: string }[]; submissions: unknown[] };
      expect(detail).toMatchObject({
        email: kept.email,
        // The person was contacted through the other lead: the further status of the two.
        status: 'contacted',
        // Its own values, its blanks filled from the other.
        phone: digits,
        firstName: 'Ada',
        lastName: tag,
        location: 'Austin, TX',
        stage: 'application',
        // The earliest lead's first touch, whole: no later campaign mixed in.
        utmSource: 'first-touch',
        utmCampaign: null,
        landingVariant: 'free_training',
        sourcePage: '/career',
        createdAt: before.createdAt,
      });
      // The other's address stays, as a secondary contact (its phone filled this lead's blank).
      expect(detail.secondaryContacts).toEqual([{ kind: 'email', value: other.email }]);
      expect(detail.submissions).toHaveLength(2);
      const texts = detail.timeline.map((entry) => entry.text);
      expect(texts).toEqual(
        expect.arrayContaining([
          'Called once',
          'Kept note',
          'Status changed from New to Contacted by Owner',
          `Lead #${other.id} merged into this lead by Owner`,
        ]),
      );
      expect(detail.timeline.filter((entry) => entry.kind === 'submitted')).toHaveLength(2);

      for (const [method, url, payload] of [
        ['GET', `/api/candidate-submissions/${other.id}`, undefined],
        ['PATCH', `/api/candidate-submissions/${other.id}`, { status: 'contacted' }],
        ['POST', `/api/candidate-submissions/${other.id}/merge`, { otherId: kept.id }],
        ['POST', `/api/candidate-submissions/${kept.id}/merge`, { otherId: other.id }],
        ['GET', `/api/candidate-submissions/${other.id}/duplicates`, undefined],
      ] as const) {
        expect((await call(method, url, payload)).status, `${method} ${url}`).toBe(404);
      }
      expect(await duplicatesOf(kept.id)).toEqual([]);

      const audit = (await call('GET', '/api/admin/audit?limit=20')).body as Record<
        string,
        unknown
      >[];
      expect(audit).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            action: 'lead_merged',
            leadType: 'candidate',
            leadId: kept.id,
            detail: `#${other.id}`,
          }),
        ]),
      );
    });

    it('refuses a merge with itself or without a lead id (400), and unknown leads (404)', async () => {
      const { tag } = fresh();
      const lead = await seed({ last_name: tag });
      const url = `/api/candidate-submissions/${lead.id}/merge`;
      expect((await call('POST', url, { otherId: lead.id })).status).toBe(400);
      for (const body of [{}, { otherId: '2' }, { otherId: 0 }, { otherId: 2, extra: 1 }]) {
        expect((await call('POST', url, body)).status, JSON.stringify(body)).toBe(400);
      }
      expect((await call('POST', url, { otherId: 999_999_999 })).status).toBe(404);
      expect(
        (await call('POST', '/api/candidate-submissions/999999999/merge', { otherId: lead.id }))
          .status,
      ).toBe(404);
      expect((await call('GET', `/api/candidate-submissions/${lead.id}`)).status).toBe(200);
    });

    it("fills the keys of existing rows as the migration does (the lead writes' function)", async () => {
      const { tag, digits } = fresh();
      const a = await seed({ last_name: `${tag}a`, phone: digits });
      const b = await seed({ last_name: `${tag}b`, phone: ` ${digits} ` });
      const { db } = current();
      await db
        .updateTable('candidates')
        .set({ phone_digits: null, name_location_key: null, email_match_key: null } as never)
        .where('id', 'in', [a.id, b.id])
        .execute();
      expect(await duplicatesOf(a.id)).toEqual([]);
      await fillMatchKeys(db as never);
      expect(await duplicatesOf(a.id)).toEqual([{ id: b.id, reasons: ['phone'] }]);
    });
  },
  adminOptions,
);
