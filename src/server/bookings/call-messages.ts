import { sql, type Kysely } from 'kysely';
import { tablesOf } from '../platform/database/connection';
import { enqueueMessages, type NewOutboxMessage } from '../platform/outbox/outbox';
import type { OutboxTables } from '../platform/outbox/outbox-tables';
import type { BookingRow, BookingTables } from './booking-tables';

/* A booked call's e-mails (issue 43): written in the booking's transaction, sent by call-sender. */

export const CALL_TOPICS = {
  booked: 'call.booked',
  moved: 'call.moved',
  cancelled: 'call.cancelled',
  reminder: 'call.reminder',
  /** A no-show's "we missed you, pick a new time" (written once per booking). */
  missed: 'call.missed',
} as const;
type CallChange = Exclude<keyof typeof CALL_TOPICS, 'reminder'>;

/** Names the booking only; the sender reads the rest when it sends (decision 154). */
export interface CallPayload {
  bookingId: number;
  /** The invitation's sequence this message was written for: a moved call's are not sent. */
  sequence: number;
  /** An erased person's cancellation: what it says, their address here alone, emptied once sent. */
  erased?: Pick<BookingRow, 'uid' | 'slot_start' | 'slot_end' | 'time_zone'> & { email: string };
}

/** The invitation (or its cancellation) now, and the reminders `remindersMs` before the start not
    yet past. A change drops the lead's pending reminders: the person holds one call. */
export async function writeCallMessages(
  trx: Kysely<OutboxTables>,
  change: CallChange,
  booking: BookingRow,
  remindersMs: readonly number[],
  now: Date,
): Promise<void> {
  const subject = { subjectType: 'candidate', subjectId: booking.lead_id };
  if (change !== 'booked')
    await trx
      .deleteFrom('outbox_messages')
      .where('destination', '=', 'calendar')
      .where('topic', '=', CALL_TOPICS.reminder)
      .where('state', '=', 'pending')
      .where('subject_type', '=', subject.subjectType)
      .where('subject_id', '=', subject.subjectId)
      .execute();
  const payload: CallPayload = { bookingId: booking.id, sequence: booking.sequence };
  const about = { destination: 'calendar', payload, ...subject } as const;
  const messages: NewOutboxMessage[] = [{ ...about, topic: CALL_TOPICS[change] }];
  for (const beforeMs of change === 'booked' || change === 'moved' ? remindersMs : []) {
    const dueAt = new Date(Date.parse(booking.slot_start) - beforeMs);
    if (dueAt > now)
      messages.push({ ...about, topic: CALL_TOPICS.reminder, dueAt: dueAt.toISOString() });
  }
  await enqueueMessages(trx, messages, now.toISOString());
}

/** Before an erasure deletes these candidates' calls, the cancellation of each one invited and
    not yet started, naming no lead: nothing else of the person is kept. */
export async function writeErasedCancels(
  trx: Kysely<OutboxTables & BookingTables>,
  leads: readonly { id: number; email: string }[],
  now = new Date(),
): Promise<void> {
  const ids = leads.map((lead) => lead.id);
  // An UPDATE, not a read: it waits for an invitation being recorded (call-sender.ts) and sees
  // it; the new sequence makes one recorded after it send nothing.
  const calls = await trx
    .updateTable('bookings')
    .set({ sequence: sql`sequence + 1` })
    .where('lead_id', 'in', ids)
    .where('cancelled_at', 'is', null)
    .where('invited_start', 'is not', null)
    .where('slot_start', '>', now.toISOString())
    .returningAll()
    .execute();
  const messages = calls.map(({ id, lead_id, sequence, ...call }): NewOutboxMessage => {
    const { uid, slot_start, slot_end, time_zone } = call;
    const email = leads.find((lead) => lead.id === Number(lead_id))?.email ?? '';
    const erased = { uid, slot_start, slot_end, time_zone, email };
    const payload: CallPayload = { bookingId: id, sequence, erased };
    const topic = CALL_TOPICS.cancelled;
    return { destination: 'calendar', topic, payload, subjectType: null, subjectId: null };
  });
  await enqueueMessages(tablesOf<OutboxTables>(trx), messages, now.toISOString());
}

/** Each call e-mail in the admin's words, for the lead's timeline. */
const sentTexts: Record<string, string> = {
  [CALL_TOPICS.booked]: 'Call invitation e-mailed to the person',
  [CALL_TOPICS.moved]: 'New time of the call e-mailed to the person',
  [CALL_TOPICS.cancelled]: 'Call cancellation e-mailed to the person',
  [CALL_TOPICS.reminder]: 'Call reminder e-mailed to the person',
  [CALL_TOPICS.missed]: 'Missed call: "pick a new time" e-mailed to the person',
};

/** The call e-mails sent to the candidate lead's person, oldest first, as timeline entries. */
export async function sentCallMails(db: Pick<Kysely<object>, 'getExecutor'>, leadId: number) {
  const rows = await tablesOf<OutboxTables>(db)
    .selectFrom('outbox_messages')
    .select(['topic', 'sent_at'])
    .where('destination', '=', 'calendar')
    .where('state', '=', 'sent')
    .where('subject_type', '=', 'candidate')
    .where('subject_id', '=', leadId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    at: row.sent_at ?? '',
    kind: 'email_sent',
    text: sentTexts[row.topic] ?? 'Call e-mail sent to the person',
  }));
}

/** A candidate's calls and screening answers: what a person's copy and report hold of them. */
export async function callsAndAnswers(db: Pick<Kysely<object>, 'getExecutor'>, leadId: number) {
  const tables = tablesOf<BookingTables>(db);
  const [calls, screening] = await Promise.all([
    tables
      .selectFrom('bookings')
      .select(['slot_start', 'slot_end', 'time_zone', 'created_at', 'cancelled_at', 'outcome'])
      .where('lead_id', '=', leadId)
      .orderBy('id')
      .execute(),
    tables
      .selectFrom('booking_screening')
      .select(['answers', 'answered_at'])
      .where('lead_id', '=', leadId)
      .executeTakeFirst(),
  ]);
  const answers = screening && {
    ...screening,
    answers: JSON.parse(screening.answers) as Record<string, unknown>[],
  };
  return { calls, screening: answers ?? null };
}
