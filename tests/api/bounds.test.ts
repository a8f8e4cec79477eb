import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { expireQuarantined } from '../../src/server/leads/workflows/quarantine/lead-quarantine';
import type { LeadQuarantineTables } from '../../src/server/leads/records/quarantine-tables';
import { LOST_LINK_ADDRESS_LIMIT } from '../../src/server/leads/workflows/messages/person-routes';
import { tablesOf } from '../../src/server/platform/database/connection';
import type { AdminConfiguration } from '../../src/shared/admin-configuration';
import { CALENDAR_FEED_URL } from '../../src/shared/booking-availability';
import type { QuarantinePage } from '../../src/shared/admin-quarantine';
import { ADMIN_TEST_PASSWORD, adminEnv, signIn } from '../support/admin';
import { awayFromMinuteEdge, candidatesWithEmail, leadProofOf } from '../support/api';
import { BROWSER_USER_AGENT } from '../support/browser-user-agent';
import { validBodies } from '../support/lead-bodies';
import { NAVIGATION } from '../support/status-page';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';
import { acrossDays } from '../support/utc-days';

/*
 * Bounded growth (issues 21 and 40, decision 152): every per-address limit counts an IPv6 /64 as
 * one address; the quarantine keeps 100 forms a day per address and 30 days; the visit beacon
 * has a flood limit and counts 50 new visitors a day per address; the Configuration panel shows
 * the figures.
 */

const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DAY_MS = 86_400_000;

const emailLead = (testApp: TestApp, remoteAddress: string, email: string, agent?: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/candidates/email',
    remoteAddress,
    headers: agent ? { 'user-agent': agent } : {},
    payload: validBodies.candidateEmail(email),
  });

const beacon = (testApp: TestApp, remoteAddress: string, body: object = { page: '/career' }) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/visits',
    remoteAddress,
    headers: { 'user-agent': BROWSER_USER_AGENT },
    payload: body,
  });

function expectFlood(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
}

const FLOOD = 8;

describeEachDatabase(
  'per-address limits: an IPv6 /64 is one address',
  (current) => {
    it('gives a /64 one lead budget: its addresses together reach the flood limit, another /64 does not', async () => {
      await awayFromMinuteEdge();
      for (let i = 1; i <= FLOOD; i++) {
        const response = await emailLead(current(), `2001:db8:a:1::${i}`, uniqueEmail('six'));
        expect(response.statusCode).toBe(200);
      }
      expectFlood(await emailLead(current(), '2001:db8:a:1:ffff::9', uniqueEmail('six')));
      const other = uniqueEmail('six-other');
      expect((await emailLead(current(), '2001:db8:a:2::1', other)).statusCode).toBe(200);
      expect(await candidatesWithEmail(current().db, other)).toHaveLength(1);
    });

    it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
      await awayFromMinuteEdge();
      for (let i = 0; i < FLOOD / 2; i++) {
        expect((await emailLead(current(), '198.51.100.70', uniqueEmail('v4'))).statusCode).toBe(
          200,
        );
        expect(
          (await emailLead(current(), '::ffff:198.51.100.70', uniqueEmail('v4'))).statusCode,
        ).toBe(200);
      }
      expectFlood(await emailLead(current(), '198.51.100.70', uniqueEmail('v4')));
    });

    it('limits the visit beacon per address on a budget of its own: 429 past the flood', async () => {
      await awayFromMinuteEdge();
      for (let i = 1; i <= FLOOD; i++) {
        expect((await beacon(current(), `2001:db8:c:1::${i}`)).statusCode).toBe(204);
      }
      const refused = await beacon(current(), '2001:db8:c:1::99');
      expectFlood(refused);
      expect((await beacon(current(), '2001:db8:c:2::1')).statusCode).toBe(204);
      // The beacons used none of the lead budget of that /64.
      expect(
        (await emailLead(current(), '2001:db8:c:1::1', uniqueEmail('beacon'))).statusCode,
      ).toBe(200);
    });

    it('limits "Lost your link?" per /64: its hosts together reach the limit, another /64 does not', async () => {
      await awayFromMinuteEdge();
      const lostLink = (remoteAddress: string) =>
        current().app.inject({
          method: 'POST',
          url: '/api/status/link',
          remoteAddress,
          payload: { email: uniqueEmail('lost') },
        });
      const statuses: number[] = [];
      for (let i = 1; i <= LOST_LINK_ADDRESS_LIMIT + 1; i++) {
        statuses.push((await lostLink(`2001:db8:d:1::${i}`)).statusCode);
      }
      expect(statuses.slice(0, LOST_LINK_ADDRESS_LIMIT).every((status) => status === 200)).toBe(
        true,
      );
      expect(statuses.at(-1)).toBe(429);
      expect((await lostLink('2001:db8:d:2::1')).statusCode).toBe(200);
    });

    it("limits a calendar feed's requests per address like the other public routes", async () => {
      const { app } = current();
      const made = await app.inject({
        method: 'POST',
        url: CALENDAR_FEED_URL,
        headers: { cookie: await signIn(app) },
      });
      const { path } = made.json<{ path: string }>();
      await awayFromMinuteEdge();
      const feed = (remoteAddress: string) => app.inject({ url: path, remoteAddress });
      for (let i = 1; i <= FLOOD; i++)
        expect((await feed(`2001:db8:f:1::${i}`)).statusCode).toBe(200);
      const refused = await feed('2001:db8:f:1::99');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await feed('2001:db8:f:2::1')).statusCode).toBe(200);
    });

    it("limits /book's posts per address: each keeps a notice for the page, so past the flood 429 and none kept", async () => {
      const { app } = current();
      const lead = await emailLead(current(), '2001:db8:9:1::1', uniqueEmail('book-flood'));
      const cookie = leadProofOf(lead);
      await awayFromMinuteEdge();
      const notASlot = (remoteAddress: string) =>
        app.inject({
          method: 'POST',
          url: '/api/booking',
          remoteAddress,
          headers: { ...NAVIGATION, cookie, 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'start=not-a-time',
        });
      for (let i = 1; i <= FLOOD; i++) {
        const kept = await notASlot(`2001:db8:9:1::${i}`);
        expect(kept.statusCode).toBe(303);
        expect(kept.cookies.map((set) => set.name)).toEqual(['tb_form']);
      }
      const refused = await notASlot('2001:db8:9:1::99');
      expectFlood(refused);
      expect(refused.cookies).toEqual([]);
      expect((await notASlot('2001:db8:9:2::1')).statusCode).toBe(303);
    });

    it('throttles admin sign-in per /64', async () => {
      const wrong = (remoteAddress: string) =>
        current().app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { password: 'not-the-password' },
          remoteAddress,
        });
      for (let i = 1; i <= 5; i++) {
        expect((await wrong(`2001:db8:b:1::${i}`)).statusCode).toBe(401);
      }
      expect((await wrong('2001:db8:b:1::6')).statusCode).toBe(429);
      await expect(signIn(current().app, ADMIN_TEST_PASSWORD, '2001:db8:b:1::7')).rejects.toThrow(
        '429',
      );
      expect((await wrong('2001:db8:b:2::1')).statusCode).toBe(401);
    });
  },
  {
    env: { ...adminEnv, LEAD_RATE_LIMIT: '3' },
    bounds: { leadFloodLimit: FLOOD },
    notificationWorker: { enabled: false },
  },
);

async function configuration(testApp: TestApp): Promise<AdminConfiguration> {
  const response = await testApp.app.inject({
    url: '/api/admin/configuration',
    headers: { cookie: await signIn(testApp.app) },
  });
  expect(response.statusCode).toBe(200);
  return response.json<AdminConfiguration>();
}

async function quarantineRows(testApp: TestApp): Promise<number> {
  const row = await testApp.db
    .selectFrom('lead_quarantine')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachDatabase(
  'storage bounds: quarantine, visitors, and the Configuration panel',
  (current) => {
    it('keeps 100 quarantined forms a day per address; past that it answers the same, counts, and keeps no body', async () => {
      const emails = Array.from({ length: 101 }, () => uniqueEmail('held'));
      const { from, to } = await acrossDays(async () => {
        for (const [index, email] of emails.entries()) {
          const response = await emailLead(current(), `2001:db8:e:1::${index + 1}`, email, BOT);
          expect(response.statusCode).toBe(200);
          expect(response.json()).toEqual({ ok: true });
        }
      });
      // The form past the limit is counted on its day.
      const dropped = await tablesOf<LeadQuarantineTables>(current().db)
        .selectFrom('lead_quarantine_dropped')
        .selectAll()
        .execute();
      expect(dropped).toEqual([{ day: expect.toBeOneOf([from, to]), forms: 1 }]);
      const kept = await current()
        .db.selectFrom('lead_quarantine')
        .select('email')
        .where('email', 'in', emails)
        .execute();
      expect(kept.map((row) => row.email).sort()).toEqual(emails.slice(0, 100).sort());
      // Another address still gets its forms held.
      const other = uniqueEmail('held-other');
      await emailLead(current(), '2001:db8:e:2::1', other, BOT);
      expect(
        await current()
          .db.selectFrom('lead_quarantine')
          .where('email', '=', other)
          .selectAll()
          .execute(),
      ).toHaveLength(1);
      expect((await configuration(current())).storage).toMatchObject({ quarantineDropped: 1 });
    });

    it('counts 50 new visitors a day per address; the rest are not counted nor kept', async () => {
      for (let i = 0; i < 52; i++) {
        const response = await beacon(current(), `2001:db8:f:1::${i}`, {
          page: '/bounded',
          utmSource: `made-up-${i}`,
        });
        expect(response.statusCode).toBe(204);
      }
      // A visitor already counted is still itself, and another address has its own 50.
      await beacon(current(), '2001:db8:f:1::0', { page: '/bounded', utmSource: 'made-up-0' });
      await beacon(current(), '2001:db8:f:2::1', { page: '/bounded' });
      await current().app.visitCounter.flush();
      const counted = await current()
        .db.selectFrom('visit_days')
        .select((eb) => eb.fn.sum<number | string>('visitors').as('n'))
        .where('page', '=', '/bounded')
        .executeTakeFirstOrThrow();
      expect(Number(counted.n)).toBe(51);
      const seen = await current().db.selectFrom('visit_seen').selectAll().execute();
      expect(seen).toHaveLength(51);
      expect((await configuration(current())).storage).toMatchObject({ visitsNotCounted: 2 });
    });

    it('expires quarantined forms and dropped counts after 30 days', async () => {
      const db = tablesOf<LeadQuarantineTables>(current().db);
      const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
      const row = (email: string, receivedAt: string) => ({
        lead_table: 'candidates' as const,
        form: 'candidate-email' as const,
        email,
        step: JSON.stringify({ email, form: 'candidate-email' }),
        reasons: 'honeypot',
        user_agent: null,
        received_at: receivedAt,
      });
      const [recent, old] = [uniqueEmail('recent'), uniqueEmail('old')];
      // The count the first test dropped, read back: its day may be yesterday by now.
      const dropped = db.selectFrom('lead_quarantine_dropped').selectAll();
      const counted = await dropped.execute();
      await db
        .insertInto('lead_quarantine')
        .values([row(recent, ago(29)), row(old, ago(31))])
        .execute();
      await db
        .insertInto('lead_quarantine_dropped')
        .values({ day: ago(31).slice(0, 10), forms: 7 })
        .execute();
      // What the lead desk does at start and every hour.
      expect(await expireQuarantined(db)).toBe(1);
      const response = await current().app.inject({
        url: '/api/admin/quarantine?limit=200',
        headers: { cookie: await signIn(current().app) },
      });
      const listed = response.json<QuarantinePage>().rows.map((one) => one.email);
      expect(listed).toContain(recent);
      expect(listed).not.toContain(old);
      expect(counted).toHaveLength(1);
      expect(await dropped.execute()).toEqual(counted);
    });

    it('shows the quarantine size and what was dropped in the Configuration panel', async () => {
      expect((await configuration(current())).storage).toEqual({
        quarantined: await quarantineRows(current()),
        quarantineDropped: 1,
        visitsNotCounted: 2,
        days: 30,
      });
    });
  },
  {
    env: { ...adminEnv, LEAD_RATE_LIMIT: '3' },
    notificationWorker: { enabled: false },
  },
);
