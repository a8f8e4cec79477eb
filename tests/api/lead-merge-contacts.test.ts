import { beforeAll, expect, it } from 'vitest';
import type { PersonErasure, PersonReport } from '../../src/shared/admin-person';
import { keepContacts, LEAD_CONTACTS_LIMIT } from '../../src/server/leads/records/lead-contacts';
import { adminEnv, seedCandidate, signIn } from '../support/admin';
import { opened, post, statusLinkTo, statusPage, statusSiteBuild } from '../support/status-page';
import { describeEachDatabase } from '../support/test-app';
import { searchHeader } from '../support/search';

/*
 * A merge that keeps everything (issue 42, decision 161): the recruiter chooses each field's
 * winner; the e-mail and phone that lose stay as the lead's secondary contacts, which the search
 * finds, the detail and the person's report show, and an erasure of the person erases.
 */

const CLIENT_DIR = await statusSiteBuild();

let serial = 0;
/** A tag and two phones no other test uses: tests share a database. */
function fresh() {
  serial += 1;
  const tag = `m${Date.now().toString(36)}${serial}`;
  const digits = `${Date.now()}${serial}`.slice(-9);
  return { tag, phones: [`(602) ${digits.slice(2)}1`, `480-${digits.slice(2)}2`] as const };
}

interface Detail {
  email: string;
  firstName: string | null;
  phone: string | null;
  location: string | null;
  secondaryContacts: { kind: string; value: string }[];
}

describeEachDatabase(
  'a merge that keeps both contacts',
  (current) => {
    let cookie = '';
    beforeAll(async () => {
      cookie = await signIn(current().app);
    });
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      current().app.inject({
        method,
        url,
        headers: { cookie, origin: 'http://localhost:80' },
        ...(payload ? { payload } : {}),
      });
    const detailOf = async (id: number) =>
      (await call('GET', `/api/candidate-submissions/${id}`)).json<Detail>();
    const found = async (q: string, type = '') => {
      const response = await current().app.inject({
        url: `/api/candidate-submissions${type && `?type=${type}`}`,
        headers: { cookie, ...searchHeader(q) },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ id: number }[]>().map((row) => row.id);
    };

    /** Kevin twice: a Gmail application, and a Hotmail one with another phone and town. */
    async function kevinTwice() {
      const { tag, phones } = fresh();
      const gmail = `${tag}.kevin@gmail.com`;
      const hotmail = `${tag}.kev88@hotmail.com`;
      const seed = (email: string, first: string, phone: string, location: string) =>
        seedCandidate(
          current(),
          'regular',
          { first_name: first, last_name: tag, phone, location },
          {
            email,
          },
        );
      const kept = await seed(gmail, 'Kevin', phones[0], 'Phoenix');
      const other = await seed(hotmail, 'Kev', phones[1], 'Tempe');
      return { tag, phones, gmail, hotmail, kept, other };
    }

    it('keeps the chosen winners; the losing e-mail and phone stay and the search finds either', async () => {
      const { phones, gmail, hotmail, kept, other } = await kevinTwice();
      const merged = await call('POST', `/api/candidate-submissions/${kept.id}/merge`, {
        otherId: other.id,
        winners: { email: 'other', firstName: 'other', location: 'this' },
      });
      expect(merged.statusCode).toBe(200);

      expect(await detailOf(kept.id)).toMatchObject({
        email: hotmail,
        firstName: 'Kev',
        location: 'Phoenix',
        // Not chosen: this lead's, the rule's default.
        phone: phones[0],
        secondaryContacts: [
          { kind: 'email', value: gmail },
          { kind: 'phone', value: phones[1] },
        ],
      });
      // Either address finds the lead, in its tab and in all; the phone by its digits.
      for (const q of [gmail, hotmail, gmail.toUpperCase(), phones[1], phones[1].slice(0, 7)]) {
        expect(await found(q), q).toEqual([kept.id]);
      }
      expect(await found(gmail, 'regular')).toEqual([kept.id]);
      expect(await found(gmail, 'questionnaire')).toEqual([]);

      // Deleting the lead deletes its contacts: the old address finds nothing.
      expect((await call('DELETE', `/api/candidate-submissions/${kept.id}`)).statusCode).toBe(204);
      expect(await found(gmail)).toEqual([]);
      const left = await current()
        .db.selectFrom('lead_contacts')
        .select('id')
        .where('lead_id', '=', kept.id)
        .execute();
      expect(left).toEqual([]);
    });

    it('refuses a winner of a field a merge does not choose, or a side that is not one', async () => {
      const { kept, other } = await kevinTwice();
      const url = `/api/candidate-submissions/${kept.id}/merge`;
      for (const winners of [
        { nickname: 'other' },
        { email: 'both' },
        { typeformCompleted: 'other' },
      ]) {
        const refused = await call('POST', url, { otherId: other.id, winners });
        expect(refused.statusCode, JSON.stringify(winners)).toBe(400);
      }
      expect((await call('GET', `/api/candidate-submissions/${other.id}`)).statusCode).toBe(200);
    });

    it('reports the contacts with the person, by either address, and erases them with the person', async () => {
      const { phones, gmail, hotmail, kept, other } = await kevinTwice();
      const merged = await call('POST', `/api/candidate-submissions/${kept.id}/merge`, {
        otherId: other.id,
      });
      expect(merged.statusCode).toBe(200);
      // The rule's default: this lead's e-mail and phone; the other's stay as contacts.
      expect((await detailOf(kept.id)).secondaryContacts).toEqual([
        { kind: 'email', value: hotmail },
        { kind: 'phone', value: phones[1] },
      ]);

      for (const address of [gmail, hotmail]) {
        const report = (
          await call('POST', '/api/admin/data-subject', { email: address })
        ).json<PersonReport>();
        expect(
          report.candidates.map((row) => row.id),
          address,
        ).toEqual([kept.id]);
        expect(report.contacts.map(({ kind, value }) => `${kind} ${value}`)).toEqual([
          `email ${hotmail}`,
          `phone ${phones[1]}`,
        ]);
      }

      const erasure = await call('DELETE', '/api/admin/data-subject', { email: hotmail });
      expect(erasure.statusCode).toBe(200);
      expect(erasure.json<PersonErasure>().erased).toMatchObject({ candidates: 1, contacts: 2 });
      const left = await current()
        .db.selectFrom('lead_contacts')
        .select('value')
        .where('lead_id', '=', kept.id)
        .execute();
      expect(left).toEqual([]);
      expect(await found(hotmail)).toEqual([]);
      expect(await found(gmail)).toEqual([]);
    });

    it('shows the person their other contacts on the status page; erasing there erases them', async () => {
      const { app } = current();
      const { phones, hotmail, kept, other } = await kevinTwice();
      await call('POST', `/api/candidate-submissions/${kept.id}/merge`, { otherId: other.id });
      const proof = await opened(
        app,
        await statusLinkTo(current(), { table: 'candidates', id: kept.id }),
      );
      const { state } = await statusPage(app, proof);
      expect(state?.status).toMatchObject({
        kind: 'leads',
        leads: [{ ref: `c${kept.id}`, otherContacts: [hotmail, phones[1]] }],
      });
      const erased = await post(
        app,
        '/api/status/erase',
        { lead: `c${kept.id}`, confirm: 'yes' },
        proof,
      );
      expect(erased.statusCode).toBe(200);
      expect(await found(hotmail)).toEqual([]);
    });

    it(`keeps at most ${LEAD_CONTACTS_LIMIT} secondary contacts a lead, each once, never its own`, async () => {
      const { db } = current();
      const { kept } = await kevinTwice();
      const lead = { table: 'candidates', id: kept.id } as const;
      const own = { kind: 'email', value: kept.email } as const;
      const many = Array.from({ length: LEAD_CONTACTS_LIMIT + 3 }, (_, n) => ({
        kind: 'email' as const,
        value: `Other${n}.${kept.email}`,
      }));
      const now = new Date().toISOString();
      await keepContacts(db, lead, [own, many[0]!, many[0]!, ...many], [own], now);
      const rows = await db
        .selectFrom('lead_contacts')
        .select('search_key')
        .where('lead_table', '=', 'candidates')
        .where('lead_id', '=', kept.id)
        .orderBy('id')
        .execute();
      expect(rows.map((row) => row.search_key)).toEqual(
        many.slice(0, LEAD_CONTACTS_LIMIT).map(({ value }) => value.toLowerCase()),
      );
    });
  },
  { env: { ...adminEnv, CLIENT_DIR } },
);
