import type { Generated } from 'kysely';

/** Where a message goes: NOTIFY_EMAIL, the webhook, Meta (110), the person (154), an invitee,
 * a booked call's invitation and reminders (issue 43). */
export const OUTBOX_DESTINATIONS = [
  'email',
  'webhook',
  'meta',
  'person',
  'admin',
  'calendar',
] as const;
export type OutboxDestination = (typeof OUTBOX_DESTINATIONS)[number];

/** pending: to send (now or after a backoff); sent; failed: given up after 24 hours. */
export type OutboxState = 'pending' | 'sent' | 'failed';

/** Times are ISO-8601 text on both databases, so they compare as strings. */
export interface OutboxMessagesTable {
  id: Generated<number>;
  destination: OutboxDestination;
  topic: string;
  /** JSON text: everything the message needs, so the sender never reads other tables. */
  payload: string;
  /** What the message is about (e.g. a record's kind and id): found and erased with it. */
  subject_type: string | null;
  subject_id: number | null;
  state: OutboxState;
  attempts: number;
  next_attempt_at: string;
  /** A worker that claimed the message owns it until then (a crashed one's claim expires). */
  locked_until: string | null;
  last_error: string | null;
  last_attempt_at: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface OutboxTables {
  outbox_messages: OutboxMessagesTable;
  /** When each digest destination last sent a digest (epoch ms): one per window, site-wide. */
  outbox_digest_windows: { destination: OutboxDestination; sent_at: number };
}
