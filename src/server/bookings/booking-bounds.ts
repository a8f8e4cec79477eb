import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { DAY_MS } from '@shared/calendar-day';
import { addressKeyOf } from '../platform/http/address-key';
import type { BookingTables } from './booking-tables';

/* What one person's calls may take (decision 152): each change writes rows and sends e-mails. */

/** Bookings, moves and cancellations a person may make in a day; a person needs two or three. */
const BOOKING_CHANGES_A_DAY = 6;
/** Calls booked a day from one client address (an IPv6 /64): else one address, making leads,
    fills every host's times and mails invitations to any address. */
const CALLS_PER_ADDRESS_A_DAY = 10;
/** Cancelled calls a lead keeps; older ones go when it books again. */
const CANCELLED_KEPT = 3;

/** Whether the lead's changes in the last day reach BOOKING_CHANGES_A_DAY: a row's sequence + 1
    is its changes (older ones on a row touched today count too: a bound, not a ledger). */
export async function changedTooOften(db: Kysely<BookingTables>, leadId: number, now: Date) {
  const rows = await db
    .selectFrom('bookings')
    .select('sequence')
    .where('lead_id', '=', leadId)
    .where('updated_at', '>', new Date(now.getTime() - DAY_MS).toISOString())
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.sequence) + 1, 0) >= BOOKING_CHANGES_A_DAY;
}

/** Keeps the lead's newest CANCELLED_KEPT cancelled calls (in the booking's transaction). */
export async function pruneCancelled(db: Kysely<BookingTables>, leadId: number) {
  const old = await db
    .selectFrom('bookings')
    .select('id')
    .where('lead_id', '=', leadId)
    .where('cancelled_at', 'is not', null)
    .orderBy('id', 'desc')
    .offset(CANCELLED_KEPT)
    .limit(BOOKING_CHANGES_A_DAY)
    .execute();
  const ids = old.map((row) => row.id);
  if (ids.length > 0) await db.deleteFrom('bookings').where('id', 'in', ids).execute();
}

/** Whether the lead booked a call before: pruning keeps CANCELLED_KEPT (not none) of them. */
export async function bookedBefore(db: Kysely<BookingTables>, leadId: number) {
  const row = await db
    .selectFrom('bookings')
    .select('id')
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The client address's count of calls booked a day (one of the mail caps' counts). */
export const callsBookedFrom = (request: FastifyRequest) => ({
  key: `calls booked from ${addressKeyOf(request)}`,
  limit: CALLS_PER_ADDRESS_A_DAY,
});
