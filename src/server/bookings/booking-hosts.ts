import { DateTime } from 'luxon';
import type { Kysely } from 'kysely';
import { safeParse } from 'zod/mini';
import { ADMIN_ROLES, can, type AdminRole } from '@shared/admin-accounts';
import { availabilitySchema, type Availability } from '@shared/booking-availability';
import { tablesOf } from '../platform/database/connection';
import type { BookingRow, BookingTables } from './booking-tables';
import { openSlots, type Slot } from './open-slots';

/* The hosts who take calls (issue 43): whose slots a person sees, and whose seat a booking takes. */

/** What the hosts read of the admin's accounts: never written here. */
interface HostAccountTables {
  admin_accounts: { id: number; name: string; role: AdminRole; disabled_at: string | null };
}
type Db = Pick<Kysely<object>, 'getExecutor'>;
const tables = (db: Db) => tablesOf<BookingTables & HostAccountTables>(db);

/** An account that takes calls, and the availability it saved. */
interface Host {
  id: number;
  settings: Availability;
}
/** One host's seats taken, by slot start. */
type Taken = Map<string, number>;
/** The asker's own call: its seat does not close the slots beside it (they may move there). */
export type OwnCall = Pick<BookingRow, 'host_id' | 'slot_start'>;

const WORKING_ROLES = ADMIN_ROLES.filter((role) => can(role, 'work'));
const NONE: Taken = new Map();

function savedAvailability(json: string): Availability | undefined {
  const saved = safeParse(availabilitySchema, JSON.parse(json));
  return saved.success ? saved.data : undefined;
}

export async function availabilityOf(db: Db, accountId: number) {
  const row = await tables(db)
    .selectFrom('booking_availability')
    .select('settings')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row && savedAvailability(row.settings);
}

/**
 * Enabled owners and recruiters who saved an availability, by id. To a call `handedOver` (no new
 * booking) a host is open inside their notice and today too: else it has no host (decision 178).
 */
export async function hostsOf(db: Db, handedOver = false): Promise<Host[]> {
  const rows = await tables(db)
    .selectFrom('booking_availability')
    .innerJoin('admin_accounts', 'admin_accounts.id', 'booking_availability.account_id')
    .select(['account_id', 'settings'])
    .where('disabled_at', 'is', null)
    .where('role', 'in', WORKING_ROLES)
    .orderBy('account_id')
    .execute();
  return rows.flatMap((row) => {
    const settings = savedAvailability(row.settings);
    if (!settings) return [];
    const open = handedOver ? { minimumNoticeHours: 0, sameDay: true } : {};
    return [{ id: Number(row.account_id), settings: { ...settings, ...open } }];
  });
}

/** Live calls not yet started whose host takes no calls now (left, or a role without calls). */
export async function callsNeedingHost(db: Db, now: Date, limit?: number) {
  return tables(db)
    .selectFrom('bookings')
    .innerJoin('admin_accounts', 'admin_accounts.id', 'bookings.host_id')
    .selectAll('bookings')
    .where('cancelled_at', 'is', null)
    .where('slot_start', '>', now.toISOString())
    .where((eb) => eb.or([eb('disabled_at', 'is not', null), eb('role', 'not in', WORKING_ROLES)]))
    .orderBy('slot_start')
    .$if(limit !== undefined, (query) => query.limit(limit!))
    .execute();
}

/** Accounts by id: their names, and whether each takes calls now (enabled, owner or recruiter). */
export async function hostNames(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { name: string; takesCalls: boolean }>();
  const rows = await tables(db)
    .selectFrom('admin_accounts')
    .select(['id', 'name', 'role', 'disabled_at'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map(({ id, name, role, disabled_at }) => [
      Number(id),
      { name, takesCalls: disabled_at === null && WORKING_ROLES.includes(role) },
    ]),
  );
}

export const takesCalls = async (db: Db, accountId: number) =>
  (await hostNames(db, [accountId])).get(accountId)?.takesCalls ?? false;

/** Seats taken by host and slot start from `since`; the asker's own seat left out. */
export async function seatsTaken(db: Db, since: Date, own?: OwnCall): Promise<Map<number, Taken>> {
  const rows = await tables(db)
    .selectFrom('booking_seats')
    .select((eb) => ['host_id', 'slot_start', eb.fn.countAll<string | number>().as('seats')])
    .where('slot_start', '>=', since.toISOString())
    .groupBy(['host_id', 'slot_start'])
    .execute();
  const taken = new Map<number, Taken>();
  for (const row of rows) {
    const host = Number(row.host_id);
    const mine = own?.host_id === host && own.slot_start === row.slot_start;
    const seats = Number(row.seats) - (mine ? 1 : 0);
    taken.set(host, (taken.get(host) ?? new Map()).set(row.slot_start, seats));
  }
  return taken;
}

/** The next `limit` slots of all hosts together, each one's seats left summed over the hosts. */
export function unionSlots(
  hosts: readonly Host[],
  taken: ReadonlyMap<number, Taken>,
  now: Date,
  limit: number,
): Slot[] {
  const byStart = new Map<string, Slot>();
  for (const host of hosts) {
    for (const slot of openSlots(host.settings, taken.get(host.id) ?? NONE, now, limit)) {
      const seen = byStart.get(slot.start);
      byStart.set(
        slot.start,
        seen ? { ...seen, seatsLeft: seen.seatsLeft + slot.seatsLeft } : slot,
      );
    }
  }
  return [...byStart.values()].sort((a, b) => a.start.localeCompare(b.start)).slice(0, limit);
}

const slotAt = (host: Host, taken: Taken, start: string, now: Date) =>
  openSlots(host.settings, taken, now, Number.POSITIVE_INFINITY).find(
    (slot) => slot.start === start,
  );

/** Whether some host's schedule has `start` at all, whatever is booked. */
export const scheduled = (hosts: readonly Host[], start: string, now: Date) =>
  hosts.some((host) => slotAt(host, NONE, start, now));

/** Seats a host has taken on the day (their own zone's) that `start` falls on. */
function callsOnDay(host: Host, taken: Taken, start: string): number {
  const { timeZone: zone } = host.settings;
  const day = DateTime.fromISO(start, { zone }).toISODate();
  let calls = 0;
  for (const [other, seats] of taken)
    if (DateTime.fromISO(other, { zone }).toISODate() === day) calls += seats;
  return calls;
}

/**
 * The host (and slot) whose seat at `start` a booking takes: `keep` (a move's) when free, else the
 * one with the fewest calls that day, then the lowest id: the same answer on every instance.
 */
export function hostFor(
  hosts: readonly Host[],
  taken: ReadonlyMap<number, Taken>,
  start: string,
  now: Date,
  keep?: number,
) {
  const free = hosts.flatMap((host) => {
    const seats = taken.get(host.id) ?? NONE;
    const slot = slotAt(host, seats, start, now);
    return slot ? [{ host, slot, calls: callsOnDay(host, seats, start) }] : [];
  });
  const kept = (id: number) => (id === keep ? 0 : 1);
  return free.sort(
    (a, b) => kept(a.host.id) - kept(b.host.id) || a.calls - b.calls || a.host.id - b.host.id,
  )[0];
}
