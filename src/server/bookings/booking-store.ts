import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { safeParse } from 'zod/mini';
import {
  availabilitySchema,
  DEFAULT_AVAILABILITY,
  type Availability,
} from '@shared/booking-availability';
import { tablesOf } from '../platform/database/connection';
import type { WriteQueue } from '../platform/database/write-queue';
import type { OutboxTables } from '../platform/outbox/outbox-tables';
import type { BookingTables } from './booking-tables';
import { writeCallMessages } from './call-messages';
import { changedTooOften, DAY_MS, pruneCancelled } from './booking-bounds';
import { openSlots, type Slot } from './open-slots';

export type BookingRow = Selectable<BookingTables['bookings']>;
type Trx = Transaction<BookingTables>;
/** An open slot and how many seats each of its kind has. */
type OpenSlot = Slot & { seats: number };
/** What the person did to their call. */
export type PersonChange = 'booked' | 'moved' | 'cancelled';
/** Records a change in the audit log, in its transaction. */
export type ChangeRecorder = (
  change: PersonChange,
  booking: BookingRow,
  trx: Pick<Kysely<object>, 'getExecutor'>,
) => Promise<void>;

/** What a booking, move or cancel did. */
export type BookingOutcome =
  | { kind: 'booked' | 'moved' | 'unchanged' | 'cancelled'; booking: BookingRow }
  /** The seats were taken a moment earlier: nothing changed. */
  | { kind: 'filled' }
  /** Not a slot of the availability (or past it): nothing changed. */
  | { kind: 'not-a-slot' }
  /** Booking while holding another call, or moving or cancelling without one. */
  | { kind: 'has-booking'; booking: BookingRow }
  | { kind: 'no-booking' }
  /** BOOKING_CHANGES_A_DAY reached: nothing changed. */
  | { kind: 'too-many' };

/** Seats counted before `now` too: a booked slot's buffer reaches back over the next ones. */
const LOOK_BACK_MS = DAY_MS;

/**
 * The availability and the bookings (issue 43). A seat is a `(slot_start, seat)` row inserted with
 * ON CONFLICT DO NOTHING in the booking's transaction: the database's unique key, on either
 * database and across instances, decides who gets the last seat; nobody waits on a lock of ours.
 */
export class BookingStore {
  constructor(
    private readonly db: Kysely<BookingTables>,
    private readonly writes: WriteQueue<BookingTables>,
    /** CALL_REMINDERS: how long before a call each reminder goes. */
    private readonly remindersMs: readonly number[] = [],
    private readonly recordChange?: ChangeRecorder,
  ) {}

  async availability(): Promise<Availability> {
    const row = await this.db
      .selectFrom('booking_availability')
      .select('settings')
      .where('id', '=', 1)
      .executeTakeFirst();
    const saved = row && safeParse(availabilitySchema, JSON.parse(row.settings));
    return saved?.success ? saved.data : DEFAULT_AVAILABILITY;
  }

  async saveAvailability(settings: Availability): Promise<void> {
    const values = { settings: JSON.stringify(settings), updated_at: new Date().toISOString() };
    await this.writes.run((trx) =>
      trx
        .insertInto('booking_availability')
        .values({ id: 1, ...values })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
        .execute(),
    );
  }

  /**
   * The next `limit` open slots, seats taken counted as committed now; `own`, the start of the
   * asker's call, does not close the slots beside it (they may move there).
   */
  async slots(now: Date, limit: number, own?: string): Promise<Slot[]> {
    const [settings, taken] = await Promise.all([this.availability(), this.taken(now, own)]);
    return openSlots(settings, taken, now, limit).filter((slot) => slot.start !== own);
  }

  /** The lead's booking not cancelled, if any. */
  liveBooking(leadId: number, db: Kysely<BookingTables> = this.db) {
    return db
      .selectFrom('bookings')
      .selectAll()
      .where('lead_id', '=', leadId)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Books `start` for the lead: once, however often sent; "filled" if its seats went first.
   * `booked` runs in the booking's transaction once the seat is taken (its conversion event).
   */
  async book(
    leadId: number,
    start: string,
    timeZone: string,
    now = new Date(),
    booked?: (trx: Trx) => Promise<void>,
  ): Promise<BookingOutcome> {
    const held = await this.liveBooking(leadId);
    if (held)
      return held.slot_start === start
        ? { kind: 'unchanged', booking: held }
        : { kind: 'has-booking', booking: held };
    if (await changedTooOften(this.db, leadId, now)) return { kind: 'too-many' };
    const slot = await this.offered(start, now);
    if (!slot) return { kind: 'not-a-slot' };
    return this.writes.run(async (trx): Promise<BookingOutcome> => {
      const at = now.toISOString();
      await pruneCancelled(trx, leadId);
      const inserted = await trx
        .insertInto('bookings')
        .values({
          lead_id: leadId,
          uid: randomUUID(),
          sequence: 0,
          slot_start: slot.start,
          slot_end: slot.end,
          created_at: at,
          updated_at: at,
          time_zone: timeZone,
        })
        // A double submit committed a moment earlier: this insert does nothing.
        .onConflict((conflict) =>
          conflict.column('lead_id').where('cancelled_at', 'is', null).doNothing(),
        )
        .returningAll()
        .executeTakeFirst();
      if (!inserted) {
        const other = await this.liveBooking(leadId, trx);
        if (!other) throw new Error('a booking conflicted with none');
        return other.slot_start === start
          ? { kind: 'unchanged', booking: other }
          : { kind: 'has-booking', booking: other };
      }
      if (await this.takeSeat(trx, slot, inserted.id)) {
        await booked?.(trx);
        return this.announce(trx, 'booked', inserted, now);
      }
      await trx.deleteFrom('bookings').where('id', '=', inserted.id).execute();
      return { kind: 'filled' };
    });
  }

  /** Moves the lead's booking to `start`: the same UID, its sequence one higher. */
  async move(
    leadId: number,
    start: string,
    timeZone: string,
    now = new Date(),
  ): Promise<BookingOutcome> {
    const held = await this.liveBooking(leadId);
    if (!held) return { kind: 'no-booking' };
    if (held.slot_start === start) return { kind: 'unchanged', booking: held };
    if (await changedTooOften(this.db, leadId, now)) return { kind: 'too-many' };
    const slot = await this.offered(start, now, held.slot_start);
    if (!slot) return { kind: 'not-a-slot' };
    return this.writes.run(async (trx): Promise<BookingOutcome> => {
      const current = await this.liveBooking(leadId, trx);
      if (!current) return { kind: 'no-booking' };
      if (current.slot_start === start) return { kind: 'unchanged', booking: current };
      if (!(await this.takeSeat(trx, slot, current.id))) return { kind: 'filled' };
      await this.releaseSeat(trx, current);
      const moved = await trx
        .updateTable('bookings')
        .set({
          slot_start: slot.start,
          slot_end: slot.end,
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
      return this.announce(trx, 'moved', moved, now);
    });
  }

  /** Cancels the lead's booking: its seat is free again, the row is kept, marked. */
  async cancel(leadId: number, now = new Date()): Promise<BookingOutcome> {
    if (await changedTooOften(this.db, leadId, now)) return { kind: 'too-many' };
    return this.writes.run(async (trx): Promise<BookingOutcome> => {
      const current = await this.liveBooking(leadId, trx);
      if (!current) return { kind: 'no-booking' };
      await this.releaseSeat(trx, current);
      const cancelled = await trx
        .updateTable('bookings')
        // RFC 5546: the cancellation outranks every invitation sent before it.
        .set({
          cancelled_at: now.toISOString(),
          updated_at: now.toISOString(),
          sequence: current.sequence + 1,
        })
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return this.announce(trx, 'cancelled', cancelled, now);
    });
  }

  /**
   * `start`'s slot if the schedule offers it now beside the other bookings (buffer, daily cap),
   * with the seats a slot has; undefined if not. Whether a seat is free is left to takeSeat, in
   * the booking's transaction: a check here could be stale by the time it commits.
   */
  private async offered(start: string, now: Date, own?: string): Promise<OpenSlot | undefined> {
    const [settings, taken] = await Promise.all([this.availability(), this.taken(now, own)]);
    taken.delete(start);
    const slot = openSlots(settings, taken, now, Number.POSITIVE_INFINITY).find(
      (open) => open.start === start,
    );
    return slot && { ...slot, seats: settings.seats };
  }

  /** The change's e-mails and audit entry, written in its transaction (decision 075). */
  private async announce(
    trx: Trx,
    change: PersonChange,
    booking: BookingRow,
    now: Date,
  ): Promise<BookingOutcome> {
    await writeCallMessages(tablesOf<OutboxTables>(trx), change, booking, this.remindersMs, now);
    await this.recordChange?.(change, booking, trx);
    return { kind: change, booking };
  }

  /** Takes the lowest free seat of the slot; false when every seat is taken. */
  private async takeSeat(trx: Trx, slot: OpenSlot, bookingId: number): Promise<boolean> {
    const { start } = slot;
    const rows = await trx
      .selectFrom('booking_seats')
      .select('seat')
      .where('slot_start', '=', start)
      .execute();
    const used = new Set(rows.map((row) => Number(row.seat)));
    for (let seat = 1; seat <= slot.seats; seat++) {
      if (used.has(seat)) continue;
      // Another instance's transaction may take it first: then this insert does nothing.
      const taken = await trx
        .insertInto('booking_seats')
        .values({ slot_start: start, seat, booking_id: bookingId })
        .onConflict((conflict) => conflict.columns(['slot_start', 'seat']).doNothing())
        .returning('seat')
        .executeTakeFirst();
      if (taken) return true;
    }
    return false;
  }

  private releaseSeat(trx: Trx, booking: BookingRow) {
    return trx
      .deleteFrom('booking_seats')
      .where('booking_id', '=', booking.id)
      .where('slot_start', '=', booking.slot_start)
      .execute();
  }

  /** Seats taken by slot start, from a day before `now`; `own`'s less the asker's seat. */
  private async taken(now: Date, own?: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('booking_seats')
      .select((eb) => ['slot_start', eb.fn.countAll<string | number>().as('seats')])
      .where('slot_start', '>=', new Date(now.getTime() - LOOK_BACK_MS).toISOString())
      .groupBy('slot_start')
      .execute();
    const taken = new Map(rows.map((row) => [row.slot_start, Number(row.seats)]));
    if (own) taken.set(own, (taken.get(own) ?? 1) - 1);
    return taken;
  }
}
