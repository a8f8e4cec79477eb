import type { Kysely } from 'kysely';
import { tablesOf } from '../platform/database/connection';
import type { OutboxTables } from '../platform/outbox/outbox-tables';
import type { BookingStore } from './booking-store';
import type { BookingTables } from './booking-tables';
import { writeCallMessages } from './call-messages';

/**
 * A merge's calls (issue 43), in its transaction, before the removed lead's messages move to the
 * kept one: its calls become the kept lead's; its live call too when the kept lead holds none,
 * else it is cancelled (seat freed, reminders dropped, METHOD:CANCEL sent). Its knock-out answers
 * likewise. The cancelled call, if any.
 */
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
