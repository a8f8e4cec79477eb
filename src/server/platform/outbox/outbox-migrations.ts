/* eslint-disable no-restricted-syntax -- Migrations 050 and 150 ran as written on existing
   databases, so they keep their names and the columns they made; 153 renamed those columns. */
import type { Kysely, Migration } from 'kysely';
import { autoIncrementId } from '../database/migration-columns';
import type { DialectName, MigrationSet } from '../database/migration-runner';

/** 050: the durable outbox of notifications. */
const createOutboxMessages = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
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
    await db.schema
      .createIndex('outbox_messages_due_idx')
      .on('outbox_messages')
      .columns(['state', 'next_attempt_at'])
      .execute();
  },
});

/** 150: a lead's messages by lead: its detail and erasure read no other message. */
const indexLeadMessages: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('outbox_messages_lead_idx')
      .on('outbox_messages')
      .columns(['lead_type', 'lead_id'])
      .execute();
  },
};

/** 149: the digest's window, shared by every instance. */
const createDigestWindows: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('outbox_digest_windows')
      .addColumn('destination', 'text', (c) => c.primaryKey())
      .addColumn('sent_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};

/** 153: the outbox names what a message is about generically (its subject), not a lead. */
const subjectColumns: Migration = {
  async up(db: Kysely<unknown>) {
    const rename = (from: string, to: string) =>
      db.schema.alterTable('outbox_messages').renameColumn(from, to).execute();
    await rename('lead_type', 'subject_type');
    await rename('lead_id', 'subject_id');
  },
};

export const outboxMigrations: MigrationSet = (dialect) => ({
  '050_outbox_messages': createOutboxMessages(dialect),
  '149_outbox_digest_windows': createDigestWindows,
  '150_outbox_lead_index': indexLeadMessages,
  '153_outbox_subject_columns': subjectColumns,
});
