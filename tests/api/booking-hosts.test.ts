import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { migrations, openDatabase } from '../../src/server/database';
import { migrationOrder } from '../../src/server/migration-order';
import { openDatabase as openWithMigrations } from '../../src/server/platform/database/connection';
import { WEEKDAYS } from '../../src/shared/booking-availability';
import { newAccount } from '../support/accounts';
import { signIn } from '../support/admin';
import { postJson } from '../support/api';
import {
  applicant,
  book,
  openAt as at,
  OPEN,
  saveAvailability,
  secondInstance,
} from '../support/calls';
import { createTestDatabase } from '../support/postgres';
import { startLocalSmtp } from '../support/smtp';
import { describeEachDatabase } from '../support/test-app';

/*
 * Each host's availability (issue 43): an owner's and a recruiter's slots together, a booking
 * taking one host's seat, a move keeping its host when free, and the buffer and daily cap
 * decided in the seat's turn, on both databases and across two instances.
 */

vi.setConfig({ testTimeout: 60_000 });

const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

const ZONE = OPEN.timeZone;
const CLOSED = { ...OPEN, weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, []])) };

describeEachDatabase(
  'each host their own availability',
  (current) => {
    let owner: string;
    let recruiter: { id: number; cookie: string };
    beforeAll(async () => {
      const { app } = current();
      owner = await signIn(app);
      recruiter = await newAccount(app, smtp, owner, 'recruiter');
    });

    /** The seats taken at these starts, as [start, host], by start and host. */
    const seatsAt = async (...starts: string[]) =>
      (
        await current()
          .db.selectFrom('booking_seats')
          .select(['host_id', 'slot_start'])
          .where('slot_start', 'in', starts)
          .orderBy('slot_start')
          .orderBy('host_id')
          .execute()
      ).map((seat) => [seat.slot_start, Number(seat.host_id)]);

    /** The owner disables the account. */
    const disable = (id: number) =>
      current().app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${id}`,
        headers: { cookie: owner },
        payload: { disabled: true },
      });

    /** The host of the lead's call not cancelled at `start`. */
    const hostAt = async (start: string) =>
      (
        await current()
          .db.selectFrom('bookings')
          .select('host_id')
          .where('slot_start', '=', start)
          .where('cancelled_at', 'is', null)
          .execute()
      ).map((row) => Number(row.host_id));

    it('offers the union of the hosts, two seats where two are free, and gives one to each of 20 people on two instances', async () => {
      const testApp = current();
      const { app } = testApp;
      await saveAvailability(app, owner, OPEN);
      const other = await secondInstance(testApp);
      try {
        const first = await applicant(app);
        const before = (
          await app.inject({ url: '/api/booking', headers: { cookie: first } })
        ).json<{
          slots: { start: string; seatsLeft: number }[];
        }>();
        expect(before.slots[4]!.seatsLeft).toBe(1);
        await saveAvailability(app, recruiter.cookie, OPEN);
        const page = (await app.inject({ url: '/api/booking', headers: { cookie: first } })).json<{
          slots: { start: string; seatsLeft: number }[];
        }>();
        const slot = page.slots[4]!;
        expect(slot.seatsLeft).toBe(2);

        const people = [
          first,
          ...(await Promise.all(Array.from({ length: 19 }, () => applicant(app)))),
        ];
        const answers = await Promise.all(
          people.map((cookie, index) => book(index % 2 ? other : app, cookie, slot.start)),
        );
        expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
        expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(18);
        expect((await hostAt(slot.start)).sort()).toEqual([1, recruiter.id]);

        // "Today's calls" names each call's host.
        const day = DateTime.fromISO(slot.start).setZone(ZONE).toISODate();
        const calls = (
          await app.inject({ url: `/api/admin/bookings?day=${day}`, headers: { cookie: owner } })
        )
          .json<{ calls: { start: string; host: string | null }[] }>()
          .calls.filter((call) => call.start === slot.start);
        expect(calls.map((call) => call.host).sort()).toEqual(['A recruiter', 'Owner']);
      } finally {
        await other.close();
      }
    });

    it('books the host with the fewest calls that day, and a move keeps its host when free, else takes another', async () => {
      const { app } = current();
      await saveAvailability(app, owner, OPEN);
      await saveAvailability(app, recruiter.cookie, OPEN);
      const [y, x, p, q] = await Promise.all(Array.from({ length: 4 }, () => applicant(app)));
      const cancel = (cookie: string) =>
        postJson(app, '/api/booking/cancel', {}, { cookie }).then((answer) =>
          expect(answer.statusCode).toBe(200),
        );

      expect((await book(app, y!, at(8, '10:00'))).statusCode).toBe(201);
      expect(await hostAt(at(8, '10:00'))).toEqual([1]);
      // The owner has a call that day, the recruiter none.
      expect((await book(app, x!, at(8, '12:00'))).statusCode).toBe(201);
      expect(await hostAt(at(8, '12:00'))).toEqual([recruiter.id]);

      // With the owner's day empty again, a move still keeps its free host.
      await cancel(y!);
      expect((await book(app, x!, at(8, '11:00'), '/move')).statusCode).toBe(200);
      expect(await hostAt(at(8, '11:00'))).toEqual([recruiter.id]);

      // At 13:00 the recruiter is taken and the owner free: the move takes the owner's seat.
      expect((await book(app, p!, at(8, '13:00'))).statusCode).toBe(201);
      expect((await book(app, q!, at(8, '13:00'))).statusCode).toBe(201);
      expect((await hostAt(at(8, '13:00'))).sort()).toEqual([1, recruiter.id]);
      await cancel(p!);
      expect((await book(app, x!, at(8, '13:00'), '/move')).statusCode).toBe(200);
      expect((await hostAt(at(8, '13:00'))).sort()).toEqual([1, recruiter.id]);
      expect(await seatsAt(at(8, '11:00'), at(8, '13:00'))).toEqual([
        [at(8, '13:00'), 1],
        [at(8, '13:00'), recruiter.id],
      ]);
    });

    it('decides the buffer and the daily cap in the seat’s turn: neighbouring bookings at the same instant get one', async () => {
      const testApp = current();
      const { app } = testApp;
      const other = await secondInstance(testApp);
      try {
        await saveAvailability(app, recruiter.cookie, CLOSED);
        const race = async (starts: string[]) => {
          const people = await Promise.all(Array.from({ length: 10 }, () => applicant(app)));
          const answers = await Promise.all(
            people.map((cookie, index) =>
              book(index % 2 ? other : app, cookie, starts[index % starts.length]!),
            ),
          );
          return answers.map((answer) => answer.statusCode).sort();
        };
        // 30 minutes kept free around a call: 10:00 and 10:30 cannot both be booked.
        await saveAvailability(app, owner, { ...OPEN, bufferMinutes: 30 });
        expect(await race([at(7, '10:00'), at(7, '10:30')])).toEqual([201, ...Array(9).fill(409)]);
        // One call a day: 10:00 and 15:00 cannot both be booked.
        await saveAvailability(app, owner, { ...OPEN, dailyCap: 1 });
        expect(await race([at(6, '10:00'), at(6, '15:00')])).toEqual([201, ...Array(9).fill(409)]);
      } finally {
        await other.close();
      }
    });

    it('offers no calls from an account that never saved an availability, nor from a disabled one', async () => {
      const { app } = current();
      await saveAvailability(app, owner, CLOSED);
      const fresh = await newAccount(app, smtp, owner, 'recruiter');
      const person = await applicant(app);
      const slots = async () =>
        (await app.inject({ url: '/api/booking', headers: { cookie: person } })).json<{
          slots: unknown[];
        }>().slots;
      await saveAvailability(app, recruiter.cookie, CLOSED);
      expect(await slots()).toEqual([]);
      await saveAvailability(app, fresh.cookie, OPEN);
      expect((await slots()).length).toBeGreaterThan(0);
      const disabled = await disable(fresh.id);
      expect(disabled.statusCode).toBe(200);
      expect(await slots()).toEqual([]);
    });

    it('hands a disabled host’s calls to a host free then, never past a seat, and marks the one nobody can take', async () => {
      const { app, db } = current();
      const leaving = await newAccount(app, smtp, owner, 'owner');
      await saveAvailability(app, owner, CLOSED);
      await saveAvailability(app, recruiter.cookie, CLOSED);
      await saveAvailability(app, leaving.cookie, OPEN);
      const [a, b, c] = await Promise.all(Array.from({ length: 3 }, () => applicant(app)));
      expect((await book(app, a!, at(5, '10:00'))).statusCode).toBe(201);
      expect((await book(app, b!, at(5, '12:00'))).statusCode).toBe(201);
      // The recruiter now works 9:00 to 13:00, and 12:00's one seat goes to c.
      const morning = [{ start: '09:00', end: '13:00' }];
      const weekly = Object.fromEntries(WEEKDAYS.map((day) => [day, morning]));
      await saveAvailability(app, recruiter.cookie, { ...OPEN, weekly });
      expect((await book(app, c!, at(5, '12:00'))).statusCode).toBe(201);
      expect(await hostAt(at(5, '12:00'))).toEqual(
        expect.arrayContaining([leaving.id, recruiter.id]),
      );
      const sequences = () =>
        db.selectFrom('bookings').select(['id', 'sequence']).orderBy('id').execute();
      const before = await sequences();

      const disabled = await disable(leaving.id);
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json()).toMatchObject({ disabled: true, calls: { moved: 1, needHost: 1 } });
      expect(await hostAt(at(5, '10:00'))).toEqual([recruiter.id]);
      expect((await hostAt(at(5, '12:00'))).sort()).toEqual([recruiter.id, leaving.id].sort());
      expect(await seatsAt(at(5, '10:00'), at(5, '12:00'))).toEqual([
        [at(5, '10:00'), recruiter.id],
        [at(5, '12:00'), Math.min(recruiter.id, leaving.id)],
        [at(5, '12:00'), Math.max(recruiter.id, leaving.id)],
      ]);
      // The same time: no invitation is sent again.
      expect(await sequences()).toEqual(before);

      // The desk names the new host, and marks the call nobody can take.
      const day = DateTime.fromISO(at(5, '10:00')).setZone(ZONE).toISODate();
      const desk = (
        await app.inject({ url: `/api/admin/bookings?day=${day}`, headers: { cookie: owner } })
      ).json<{ calls: { start: string; host: string | null; needsHost: boolean }[] }>();
      expect(
        desk.calls
          .filter((call) => call.start === at(5, '10:00') || call.start === at(5, '12:00'))
          .map(({ start, host, needsHost }) => [start, host, needsHost])
          .sort(),
      ).toEqual(
        [
          [at(5, '10:00'), 'A recruiter', false],
          [at(5, '12:00'), 'A owner', true],
          [at(5, '12:00'), 'A recruiter', false],
        ].sort(),
      );
      // Any other day's list shows it too, so nobody has to find its day first.
      const otherDay = DateTime.fromISO(day!).minus({ days: 2 }).toISODate();
      const elsewhere = (
        await app.inject({ url: `/api/admin/bookings?day=${otherDay}`, headers: { cookie: owner } })
      ).json<{ calls: { start: string; host: string | null; needsHost: boolean }[] }>();
      expect(elsewhere.calls).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ start: at(5, '12:00'), host: 'A owner', needsHost: true }),
        ]),
      );
      expect(elsewhere.calls.filter((call) => call.start === at(5, '10:00'))).toEqual([]);

      const audit = await db
        .selectFrom('admin_audit_entries')
        .select('detail')
        .where('action', '=', 'account_changed')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit.detail).toBe(`account ${leaving.id}: disabled, calls 1 moved, 1 needing a host`);

      // A role without calls hands them over too; nobody is free, and back as a recruiter, its own.
      const role = async (to: string) =>
        (
          await app.inject({
            method: 'PATCH',
            url: `/api/admin/users/${recruiter.id}`,
            headers: { cookie: owner },
            payload: { role: to },
          })
        ).json<{ calls: object }>().calls;
      const held = await db
        .selectFrom('bookings')
        .select('id')
        .where('host_id', '=', recruiter.id)
        .where('cancelled_at', 'is', null)
        .where('slot_start', '>', new Date().toISOString())
        .execute();
      expect(await role('viewer')).toEqual({ moved: 0, needHost: held.length });
      // Offered again, the 12:00 call still finds nobody free.
      expect(await role('recruiter')).toEqual({ moved: 0, needHost: 1 });
      expect(await hostAt(at(5, '10:00'))).toEqual([recruiter.id]);
    });
  },
  { env: { SMTP_URL: smtp.url } },
);

describe.each(['sqlite', 'postgres'] as const)(
  'the availability saved before hosts [%s]',
  (kind) => {
    const adminUrl = inject('postgresAdminUrl');
    it.skipIf(kind === 'postgres' && !adminUrl)(
      'goes to the oldest enabled owner, with the calls booked under it and their seats',
      async () => {
        const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tb-hosts-'));
        const database = kind === 'postgres' ? await createTestDatabase(adminUrl!) : undefined;
        const options = { dataDir, databaseUrl: database?.url };
        try {
          const before = new Set<string>(
            migrationOrder.slice(0, migrationOrder.indexOf('355_booking_hosts')),
          );
          const old = await openWithMigrations({
            ...options,
            migrations: migrations.map(
              (set) => (dialect) =>
                Object.fromEntries(
                  Object.entries(set(dialect)).filter(([name]) => before.has(name)),
                ),
            ),
          });
          const now = new Date().toISOString();
          // Account 1, the founding owner, is disabled; 2 a recruiter; 3 the oldest enabled owner.
          await sql`update admin_accounts set disabled_at = ${now} where id = 1`.execute(old.db);
          for (const [name, role] of [
            ['Rita', 'recruiter'],
            ['Olga', 'owner'],
          ]) {
            await sql`insert into admin_accounts (name, role, created_at)
            values (${name}, ${role}, ${now})`.execute(old.db);
          }
          await sql`insert into booking_availability (id, settings, updated_at)
          values (1, ${JSON.stringify(OPEN)}, ${now})`.execute(old.db);
          await sql`insert into bookings (id, lead_id, uid, sequence, slot_start, slot_end, created_at, updated_at)
          values (7, 5, 'u-7', 0, '2030-01-07T15:00:00Z', '2030-01-07T15:30:00Z', ${now}, ${now})`.execute(
            old.db,
          );
          await sql`insert into booking_seats (slot_start, seat, booking_id)
          values ('2030-01-07T15:00:00Z', 1, 7)`.execute(old.db);
          await old.close();

          const upgraded = await openDatabase(options);
          const db = upgraded.db;
          expect(
            await db.selectFrom('booking_availability').select('account_id').execute(),
          ).toEqual([{ account_id: 3 }]);
          expect(await db.selectFrom('bookings').select(['id', 'host_id']).execute()).toEqual([
            { id: 7, host_id: 3 },
          ]);
          expect(await db.selectFrom('booking_seats').selectAll().execute()).toEqual([
            { host_id: 3, slot_start: '2030-01-07T15:00:00Z', seat: 1, booking_id: 7 },
          ]);
          await upgraded.close();
        } finally {
          await database?.drop();
          await rm(dataDir, { recursive: true, force: true });
        }
      },
    );
  },
);
