import { randomBytes } from 'node:crypto';
import { DAY_MS } from '@shared/calendar-day';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/database/migration-runner';
import { sha256Hex } from '../../../platform/http/tokens';
import type { LeadRef } from '../../records/lead-tables';

/* `/status?token=…` in our e-mails: opened once, it starts the mailbox proof (decision 176). */

export const STATUS_PATH = '/status';

/** What issueStatusLink writes (24 random bytes), with room for older lengths. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

export type StatusLinkTables = {
  status_links: {
    token_hash: string;
    lead_table: LeadRef['table'];
    lead_id: number;
    created_at: string;
    expires_at: string;
  };
};

/** A new `/status?token=…` for `lead` (in the caller's transaction, with its message). */
export async function issueStatusLink(
  db: Kysely<StatusLinkTables>,
  lead: LeadRef,
  now: Date,
  validDays: number,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .insertInto('status_links')
    .values({
      token_hash: sha256Hex(token),
      lead_table: lead.table,
      lead_id: lead.id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + validDays * DAY_MS).toISOString(),
    })
    .execute();
  return `${STATUS_PATH}?token=${token}`;
}

/** The lead a current token of ours opens; `spend` deletes its link (in the caller's transaction):
    of two presses at once, only the one that deletes it opens it. */
export async function leadOfStatusLink(
  db: Kysely<StatusLinkTables>,
  token: string,
  now: Date,
  { spend = false } = {},
): Promise<LeadRef | undefined> {
  if (!LINK_TOKEN.test(token)) return undefined;
  const current = (eb: ExpressionBuilder<StatusLinkTables, 'status_links'>) =>
    eb.and([eb('token_hash', '=', sha256Hex(token)), eb('expires_at', '>', now.toISOString())]);
  const lead = ['lead_table', 'lead_id'] as const;
  const row = await (
    spend
      ? db.deleteFrom('status_links').where(current).returning(lead)
      : db.selectFrom('status_links').select(lead).where(current)
  ).executeTakeFirst();
  return row ? { table: row.lead_table, id: row.lead_id } : undefined;
}

/** Deletes expired links, and every link of the leads `ids` (an erasure, in its transaction). */
export async function deleteStatusLinks(
  db: Kysely<StatusLinkTables>,
  filter: { expiredBy: Date } | { table: LeadRef['table']; ids: readonly number[] },
) {
  let query = db.deleteFrom('status_links');
  if ('expiredBy' in filter)
    query = query.where('expires_at', '<=', filter.expiredBy.toISOString());
  else {
    if (filter.ids.length === 0) return;
    query = query.where('lead_table', '=', filter.table).where('lead_id', 'in', filter.ids);
  }
  await query.execute();
}

export const statusLinkMigrations: MigrationSet = () => ({
  '156_status_links': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('status_links')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('lead_table', 'text', (column) => column.notNull())
        .addColumn('lead_id', 'integer', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('status_links_lead')
        .on('status_links')
        .columns(['lead_table', 'lead_id'])
        .execute();
    },
  },
});
