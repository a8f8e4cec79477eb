/* eslint-disable no-restricted-syntax -- Migrations 050 and 150 ran as written on existing
   databases, so they keep their names and the columns they made; 153 renamed those columns. */
import { autoIncrementId, createIndex } from '../database/migration-columns';
import type { MigrationSet } from '../database/migration-runner';

export const outboxMigrations: MigrationSet = (dialect) => ({
  /** The durable outbox of notifications. */
  '050_outbox_messages': {
    async up(db) {
      await db.schema
        .createTable('outbox_messages')
        .addColumn('id', 'integer', autoIncrementId(dialect))
        .addColumn('destination', 'text', (c) => c.notNull())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('lead_type', 'text')
        .addColumn('lead_id', 'integer')
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('last_attempt_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      // The worker's poll: due pending messages, oldest first.
      await createIndex(db, 'outbox_messages', 'due', ['state', 'next_attempt_at']);
    },
  },
  /** The digest's window, shared by every instance. */
  '149_outbox_digest_windows': {
    async up(db) {
      await db.schema
        .createTable('outbox_digest_windows')
        .addColumn('destination', 'text', (c) => c.primaryKey())
        .addColumn('sent_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  /** A lead's messages by lead: its detail and erasure read no other message. */
  '150_outbox_lead_index': {
    async up(db) {
      await createIndex(db, 'outbox_messages', 'lead', ['lead_type', 'lead_id']);
    },
  },
  /** The outbox names what a message is about generically (its subject), not a lead. */
  '153_outbox_subject_columns': {
    async up(db) {
      const rename = (from: string, to: string) =>
        db.schema.alterTable('outbox_messages').renameColumn(from, to).execute();
      await rename('lead_type', 'subject_type');
      await rename('lead_id', 'subject_id');
    },
  },
});
