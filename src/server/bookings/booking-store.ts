import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_AVAILABILITY, type Availability } from '@shared/booking-availability';
import { DAY_MS } from '@shared/calendar-day';
import { tablesOf } from '../platform/database/connection';
import type { OutboxTables } from '../platform/outbox/outbox-tables';
import {
  BookingData,
  callStage,
  liveCalls,
  type BookingOutcome,
  type BookingRow,
  type BookingTables,
  type CallCause,
  type ChangeRecorder,
  type PersonChange,
} from './booking-tables';
import { writeCallMessages } from './call-messages';
import { bookedBefore, changedTooOften, pruneCancelled } from './booking-bounds';
import {
  availabilityOf,
  hostFor,
  hostsOf,
  scheduled,
  seatsTaken,
  unionSlots,
  type OwnCall,
} from './booking-hosts';

type Trx = Transaction<BookingTables>;
/** The host whose seat a booking takes, and that host's slot. */
export type Place = NonNullable<ReturnType<typeof hostFor>>;
/** Why a booking may not be made after all, read in its transaction; undefined: it may. */
export type Refusal = (trx: Trx) => Promise<BookingOutcome | undefined>;

/** The hosts' availability and the bookings (issue 43): a booking takes its turn, then a seat. */
export class BookingStore extends BookingData {
  constructor(
    app: FastifyInstance,
    /** CALL_REMINDERS: how long before a call each reminder goes. */
    private readonly remindersMs: readonly number[] = [],
    private readonly recordChange?: ChangeRecorder,
  ) {
    super(app);
  }

  /** Saves the host's hours, then `then` (its handover and audit entry) in that transaction. */
  saveAvailability<T>(accountId: number, settings: Availability, then: (trx: Trx) => Promise<T>) {
    const values = { settings: JSON.stringify(settings), updated_at: new Date().toISOString() };
    return this.writes.run(async (trx) => {
      await trx
        .insertInto('booking_availability')
        .values({ account_id: accountId, ...values })
        .onConflict((conflict) => conflict.column('account_id').doUpdateSet(values))
        .execute();
      return then(trx);
    });
  }

  /** The first host's zone (the page's default), and the most seats a slot has (group sessions). */
  async offer() {
    const hosts = await hostsOf(this.db);
    return {
      timeZone: hosts[0]?.settings.timeZone ?? DEFAULT_AVAILABILITY.timeZone,
      seats: Math.max(1, ...hosts.map((host) => host.settings.seats)),
    };
  }

  /** The calls desk's zone for `accountId`: their own hours' zone, else the first host's. */
  async deskZone(accountId: number) {
    return (await availabilityOf(this.db, accountId))?.timeZone ?? (await this.offer()).timeZone;
  }

  /** The next `limit` open slots of all hosts; `own`, the asker's call, closes none beside it. */
  async slots(now: Date, limit: number, own?: OwnCall) {
    const [hosts, taken] = await Promise.all([
      hostsOf(this.db),
      seatsTaken(this.db, lookBack(now), own),
    ]);
    return unionSlots(hosts, taken, now, limit).filter((slot) => slot.start !== own?.slot_start);
  }

  liveBooking(leadId: number, db: Kysely<BookingTables> = this.db) {
    return liveCalls(db).where('lead_id', '=', leadId).executeTakeFirst();
  }

  /**
   * Books `start` for the lead once, however often sent; "filled" if its seats went first. In its
   * transaction: `refuse` (so only a call made counts), then `booked` for the lead's first call.
   */
  async book(
    leadId: number,
    start: string,
    timeZone: string,
    now = new Date(),
    booked?: (trx: Trx) => Promise<void>,
    refuse?: Refusal,
  ): Promise<BookingOutcome> {
    const held = await this.liveBooking(leadId);
    if (held) return heldOutcome(held, start);
    if (await changedTooOften(this.db, leadId, now)) return { kind: 'too-many' };
    if (!scheduled(await hostsOf(this.db), start, now)) return { kind: 'not-a-slot' };
    return this.writes.run(async (trx): Promise<BookingOutcome> => {
      const place = await placeFor(trx, start, now);
      // A double submit committed a moment earlier (read after the turn: it is committed).
      const other = await this.liveBooking(leadId, trx);
      if (other) return heldOutcome(other, start);
      if (!place) return { kind: 'filled' };
      const refused = await refuse?.(trx);
      if (refused) return refused;
      const at = now.toISOString();
      const first = !(await bookedBefore(trx, leadId));
      await pruneCancelled(trx, leadId);
      const inserted = await trx
        .insertInto('bookings')
        .values({
          lead_id: leadId,
          host_id: place.host.id,
          uid: randomUUID(),
          sequence: 0,
          slot_start: place.slot.start,
          slot_end: place.slot.end,
          created_at: at,
          updated_at: at,
          time_zone: timeZone,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (!(await takeSeat(trx, place, inserted.id))) throw new Error('a seat taken in its turn');
      if (first) await booked?.(trx);
      await this.announce(trx, 'booked', inserted, now);
      return { kind: 'booked', booking: inserted, first };
    });
  }

  /** Moves the lead's call to `start`, its sequence one higher; the same host when free then. */
  async move(
    leadId: number,
    start: string,
    timeZone: string,
    now = new Date(),
  ): Promise<BookingOutcome> {
    const held = await this.liveBooking(leadId);
    if (!held) return { kind: 'no-booking' };
    if (callStage(held, now.getTime()) === 'attended') return { kind: 'took-place', booking: held };
    if (held.slot_start === start) return { kind: 'unchanged', booking: held };
    if (await changedTooOften(this.db, leadId, now)) return { kind: 'too-many' };
    if (!scheduled(await hostsOf(this.db), start, now)) return { kind: 'not-a-slot' };
    return this.writes.run(async (trx): Promise<BookingOutcome> => {
      const current = await this.liveBooking(leadId, trx);
      if (!current) return { kind: 'no-booking' };
      if (current.slot_start === start) return { kind: 'unchanged', booking: current };
      const place = await placeFor(trx, start, now, current);
      if (!place) return { kind: 'filled' };
      await this.releaseSeat(trx, current);
      if (!(await takeSeat(trx, place, current.id))) throw new Error('a seat taken in its turn');
      const moved = await trx
        .updateTable('bookings')
        .set({
          host_id: place.host.id,
          slot_start: place.slot.start,
          slot_end: place.slot.end,
          sequence: current.sequence + 1,
          updated_at: now.toISOString(),
          time_zone: timeZone,
          // A new time is a new call to mark (a no-show's, and its message, included).
          outcome: null,
          marked_at: null,
          missed_sent_at: null,
        })
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.announce(trx, 'moved', moved, now);
      return { kind: 'moved', booking: moved };
    });
  }

  /** The person cancels their call, its seat freed, the row kept; an attended call stays. */
  async cancel(leadId: number, now = new Date()): Promise<BookingOutcome> {
    const held = await this.liveBooking(leadId);
    if (held && callStage(held, now.getTime()) === 'attended')
      return { kind: 'took-place', booking: held };
    if (await changedTooOften(this.db, leadId, now)) return { kind: 'too-many' };
    return this.writes.run(async (trx): Promise<BookingOutcome> => {
      const cancelled = await this.cancelIn(trx, leadId, now);
      return cancelled ? { kind: 'cancelled', booking: cancelled } : { kind: 'no-booking' };
    });
  }

  /** Cancels the lead's live call with its e-mails and entry (`cause`: a status change's). */
  async cancelIn(trx: Kysely<BookingTables>, leadId: number, now: Date, cause?: CallCause) {
    const cancelled = await this.cancelLive(trx, leadId, now);
    if (cancelled) await this.announce(trx, 'cancelled', cancelled, now, cause);
    return cancelled;
  }

  /** Cancels the lead's live call in `trx`, its seat freed; undefined without one. */
  async cancelLive(trx: Kysely<BookingTables>, leadId: number, now: Date) {
    const current = await this.liveBooking(leadId, trx);
    if (!current) return undefined;
    await this.releaseSeat(trx, current);
    const at = now.toISOString();
    // RFC 5546: the cancellation outranks every invitation sent before it.
    const sequence = current.sequence + 1;
    return trx
      .updateTable('bookings')
      .set({ cancelled_at: at, updated_at: at, sequence })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The change's e-mails and audit entry, written in its transaction (decision 075). */
  private async announce(
    trx: Kysely<BookingTables>,
    change: PersonChange,
    booking: BookingRow,
    now: Date,
    cause?: CallCause,
  ) {
    await writeCallMessages(tablesOf<OutboxTables>(trx), change, booking, this.remindersMs, now);
    await this.recordChange?.(change, booking, trx, cause);
  }

  private releaseSeat(trx: Kysely<BookingTables>, booking: BookingRow) {
    return trx.deleteFrom('booking_seats').where('booking_id', '=', booking.id).execute();
  }
}

/** The lead holds a call already: the same time is no change, another is refused. */
const heldOutcome = (held: BookingRow, start: string): BookingOutcome =>
  held.slot_start === start
    ? { kind: 'unchanged', booking: held }
    : { kind: 'has-booking', booking: held };

/** Seats counted from a day before `now`: a booked slot's buffer reaches back over the next ones. */
const lookBack = (now: Date) => new Date(now.getTime() - DAY_MS);

export const takeTurn = (trx: Kysely<BookingTables>) =>
  trx.updateTable('booking_turn').set({ id: 1 }).where('id', '=', 1).execute();

/**
 * The host and slot a booking of `start` takes, read after its turn (bookings on every instance
 * wait for each other, so seats, buffer and cap are read committed). `own`: the call moved, or
 * handed over (kept at its start: no new booking, so no notice).
 */
export async function placeFor(trx: Trx, start: string, now: Date, own?: BookingRow) {
  await takeTurn(trx);
  const hosts = await hostsOf(trx, own?.slot_start === start);
  const taken = await seatsTaken(trx, lookBack(now), own);
  return hostFor(hosts, taken, start, now, own?.host_id);
}

/** Takes the lowest free seat of the host's slot; false when every one is taken (the primary key
    and ON CONFLICT DO NOTHING keep a seat once, whatever else). */
export async function takeSeat(trx: Trx, { host, slot }: Place, bookingId: number) {
  const rows = await trx
    .selectFrom('booking_seats')
    .select('seat')
    .where('host_id', '=', host.id)
    .where('slot_start', '=', slot.start)
    .execute();
  const used = new Set(rows.map((row) => Number(row.seat)));
  for (let seat = 1; seat <= host.settings.seats; seat++) {
    if (used.has(seat)) continue;
    const taken = await trx
      .insertInto('booking_seats')
      .values({ host_id: host.id, slot_start: slot.start, seat, booking_id: bookingId })
      .onConflict((conflict) => conflict.columns(['host_id', 'slot_start', 'seat']).doNothing())
      .returning('seat')
      .executeTakeFirst();
    if (taken) return true;
  }
  return false;
}
