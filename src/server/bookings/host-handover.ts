import type { Transaction } from 'kysely';
import type { SharedTransaction } from '../platform/database/connection';
import { callsNeedingHost, takesCalls } from './booking-hosts';
import { placeFor, takeSeat, takeTurn, type Place } from './booking-store';
import { liveCalls, type BookingTables } from './booking-tables';

/**
 * Hands calls not yet started to hosts free at their start (decision 156): an account that stops
 * taking calls hands over its own; one taking calls is offered the calls needing a host. The time
 * is the same and the invitation names no host: the person is sent nothing.
 */
export async function handOver(shared: SharedTransaction, accountId: number, now = new Date()) {
  const trx = shared as Transaction<BookingTables>;
  // After its turn: a booking given this host a moment earlier is committed, and handed over.
  await takeTurn(trx);
  const calls = (await takesCalls(trx, accountId))
    ? await callsNeedingHost(trx, now)
    : await liveCalls(trx)
        .where('host_id', '=', accountId)
        .where('slot_start', '>', now.toISOString())
        .orderBy('slot_start')
        .execute();
  let moved = 0;
  for (const call of calls) {
    const place = await placeFor(trx, call.slot_start, now, call);
    if (!place) continue;
    if (!(await giveCall(trx, call.id, place, now))) throw new Error('a seat taken in its turn');
    moved += 1;
  }
  return { moved, needHost: calls.length - moved };
}

/** Calls handed over, in an audit entry's words: how many, never whose. */
export function handedOver({ moved, needHost }: { moved: number; needHost: number }) {
  return moved + needHost > 0 ? `calls ${moved} moved, ${needHost} needing a host` : undefined;
}

/** Gives a call to the host of `place` with a seat of theirs, in the bookings' turn; its other
    seat freed. Undefined, nothing changed, when none of their seats is free then. */
export async function giveCall(
  trx: Transaction<BookingTables>,
  callId: number,
  place: Place,
  now: Date,
) {
  if (!(await takeSeat(trx, place, callId))) return undefined;
  await trx
    .deleteFrom('booking_seats')
    .where('booking_id', '=', callId)
    .where('host_id', '!=', place.host.id)
    .execute();
  return trx
    .updateTable('bookings')
    .set({ host_id: place.host.id, updated_at: now.toISOString() })
    .where('id', '=', callId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
