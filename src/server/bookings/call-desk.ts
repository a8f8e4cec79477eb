import { DateTime } from 'luxon';
import type { Kysely } from 'kysely';
import { DEFAULT_AVAILABILITY } from '@shared/booking-availability';
import type { BookedCall, CallOutcome } from '@shared/booking-calls';
import { tablesOf, type AlsoWrite } from '../platform/database/connection';
import type { OutboxTables } from '../platform/outbox/outbox-tables';
import { DAY_MS } from '@shared/calendar-day';
import { takeTurn, type BookingStore } from './booking-store';
import { giveCall } from './host-handover';
import { availabilityOf, callsNeedingHost, takesCalls } from './booking-hosts';
import { BookingData, liveCalls, type BookingRow, type BookingTables } from './booking-tables';
import { writeCallMessages } from './call-messages';

/** Earlier calls still unmarked the day's list also shows, the latest first. */
const OVERDUE_SHOWN = 50;
/** Calls of other days whose host left, the soonest first: shown until somebody acts. */
const NEEDING_HOST_SHOWN = 50;

/** A call as the recruiter sees it: unmarked a day after its end is flagged. */
export const callView = (row: BookingRow, now: Date): BookedCall => ({
  id: Number(row.id),
  leadId: Number(row.lead_id),
  start: row.slot_start,
  end: row.slot_end,
  outcome: row.outcome as CallOutcome | null,
  notMarked: row.outcome === null && Date.parse(row.slot_end) + DAY_MS <= now.getTime(),
});

/** Why a call cannot be taken: it started, it has a host, or the taker has a call then. */
export type NotTaken = 'started' | 'hosted' | 'busy';

/** The recruiter's side of the calls (issue 43): the day's list, marking, and taking a call. */
export class CallDesk extends BookingData {
  /** The live calls starting on `day` in `zone`, after earlier ones left unmarked and before
      other days' calls whose host takes no calls now. */
  async day(day: string, zone: string, now = new Date()) {
    const from = DateTime.fromISO(day, { zone }).startOf('day');
    const [overdue, calls, needingHost] = await Promise.all([
      liveCalls(this.db)
        .where('outcome', 'is', null)
        .where('slot_end', '<=', new Date(now.getTime() - DAY_MS).toISOString())
        .where('slot_start', '<', from.toUTC().toISO()!)
        .orderBy('slot_start', 'desc')
        .limit(OVERDUE_SHOWN)
        .execute(),
      liveCalls(this.db)
        .where('slot_start', '>=', from.toUTC().toISO()!)
        .where('slot_start', '<', from.plus({ days: 1 }).toUTC().toISO()!)
        .orderBy('slot_start')
        .execute(),
      callsNeedingHost(this.db, now, NEEDING_HOST_SHOWN),
    ]);
    const onDay = new Set(calls.map((call) => call.id));
    const elsewhere = needingHost.filter((call) => !onDay.has(call.id));
    return [...overdue.reverse(), ...calls, ...elsewhere];
  }

  /** Marks a live call that has started, `audited`; a no-show's "pick a new time" message is
      written once. Undefined: no live call; 'early': not started yet. */
  mark(
    id: number,
    outcome: CallOutcome,
    audited: AlsoWrite<BookingRow>,
    now = new Date(),
  ): Promise<BookingRow | 'early' | undefined> {
    return this.writes.run(async (trx) => {
      const at = now.toISOString();
      const live = await liveCalls(trx).where('id', '=', id).executeTakeFirst();
      if (!live) return undefined;
      if (Date.parse(live.slot_start) > now.getTime()) return 'early';
      const mailNow = outcome === 'no_show';
      const marked = await trx
        .updateTable('bookings')
        .set((eb) => ({
          outcome,
          marked_at: at,
          missed_sent_at: mailNow
            ? eb.fn.coalesce('missed_sent_at', eb.val(at))
            : eb.ref('missed_sent_at'),
        }))
        .where('id', '=', id)
        .where('cancelled_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (marked && mailNow && marked.missed_sent_at === at) {
        await writeCallMessages(tablesOf<OutboxTables>(trx), 'missed', marked, [], now);
      }
      if (marked) await audited(trx, marked);
      return marked;
    });
  }

  /** Makes a call needing a host the account's own, in the bookings' turn (decision 178), whatever
      their hours, notice, cap or buffer (they chose it); the person is sent nothing. */
  take(
    id: number,
    accountId: number,
    audited: AlsoWrite<BookingRow>,
    now = new Date(),
  ): Promise<BookingRow | NotTaken | undefined> {
    return this.writes.run(async (trx) => {
      await takeTurn(trx);
      const call = await liveCalls(trx).where('id', '=', id).executeTakeFirst();
      if (!call) return undefined;
      if (Date.parse(call.slot_start) <= now.getTime()) return 'started';
      if (await takesCalls(trx, call.host_id)) return 'hosted';
      // Another call of theirs overlapping it; at the same start, a seat of theirs must be free.
      const overlapping = await liveCalls(trx)
        .where('host_id', '=', accountId)
        .where('slot_start', '!=', call.slot_start)
        .where('slot_start', '<', call.slot_end)
        .where('slot_end', '>', call.slot_start)
        .executeTakeFirst();
      if (overlapping) return 'busy';
      const settings = (await availabilityOf(trx, accountId)) ?? DEFAULT_AVAILABILITY;
      const host = { id: accountId, settings };
      const slot = { start: call.slot_start, end: call.slot_end, seatsLeft: 0 };
      const taken = await giveCall(trx, id, { host, slot, calls: 0 }, now);
      if (taken) await audited(trx, taken);
      return taken ?? 'busy';
    });
  }
}

/** A merge's calls and knock-out answers become the kept lead's, but the removed lead's live call
    is cancelled (and answered) when the kept lead holds one. */
export async function mergeCalls(
  store: BookingStore,
  trx: Pick<Kysely<object>, 'getExecutor'>,
  { keptId, otherId }: { keptId: number; otherId: number },
  now = new Date(),
) {
  const db = tablesOf<BookingTables>(trx);
  const cancelled = (await store.liveBooking(keptId, db))
    ? await store.cancelLive(db, otherId, now)
    : undefined;
  // Its reminders are still the removed lead's (subject): only they go.
  if (cancelled)
    await writeCallMessages(tablesOf<OutboxTables>(trx), 'cancelled', cancelled, [], now);
  await db
    .updateTable('bookings')
    .set({ lead_id: keptId })
    .where('lead_id', '=', otherId)
    .execute();
  // The knock-out answers (one row a lead): the kept lead's stand, else the removed one's move.
  const keptAnswered = await db
    .selectFrom('booking_screening')
    .select('lead_id')
    .where('lead_id', '=', keptId)
    .executeTakeFirst();
  await (
    keptAnswered
      ? db.deleteFrom('booking_screening').where('lead_id', '=', otherId)
      : db.updateTable('booking_screening').set({ lead_id: keptId }).where('lead_id', '=', otherId)
  ).execute();
  return cancelled;
}
