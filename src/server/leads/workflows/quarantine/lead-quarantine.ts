import type { LeadForm } from '@shared/lead-vocabulary';
import { sql, type Generated, type Kysely, type Migration, type Selectable } from 'kysely';
import { autoIncrementId } from '../../../platform/database/migration-columns';
import type { DialectName, MigrationSet } from '../../../platform/database/migration-runner';

/*
 * Quarantine (docs/decisions/095): a suspect submission is answered like any other but kept out of
 * tabs, counts, notifications and conversions. It keeps its lead step, so a release replays it
 * through the normal save; only the leads capability writes here.
 */

export interface LeadQuarantineTable {
  id: Generated<number>;
  /** The lead table the step writes when released. */
  lead_table: 'candidates' | 'companies';
  form: LeadForm;
  /** As typed (trimmed), so the admin can recognise a person; never logged. */
  email: string;
  /** JSON: the lead step (e-mail, form, stage, fields, attribution, flags) to replay. */
  step: string;
  /** Comma-separated QuarantineReason values. */
  reasons: string;
  /** The client's user agent (first 300 characters), for the admin's judgement. */
  user_agent: string | null;
  received_at: string;
}

/** A row of the key table: secrets the server generates once and shares between instances. */
export interface SpamKeysTable {
  name: string;
  value: string;
}

/** Forms quarantined past an address's daily bound, whose body was not kept (decision 152). */
export interface QuarantineDroppedTable {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  forms: number;
}

export type LeadQuarantineTables = {
  lead_quarantine: LeadQuarantineTable;
  spam_keys: SpamKeysTable;
  lead_quarantine_dropped: QuarantineDroppedTable;
};

/** Forms one address may have quarantined a day; the rest are counted, their bodies dropped. */
export const QUARANTINE_DAILY_LIMIT = 100;
/** Days a quarantined form (and a day's dropped count) is kept. */
export const QUARANTINE_DAYS = 30;
const DAY_MS = 86_400_000;

/** 004: the quarantine, newest first for the admin, and the spam keys. */
export function createLeadQuarantine(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('lead_quarantine')
        .addColumn('id', 'integer', autoIncrementId(dialect))
        .addColumn('lead_table', 'text', (c) => c.notNull())
        .addColumn('form', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('step', 'text', (c) => c.notNull())
        .addColumn('reasons', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('spam_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/** 166 (decision 152): the dropped forms' daily counts. */
export const quarantineDroppedMigrations: MigrationSet = () => ({
  '166_lead_quarantine_dropped': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('lead_quarantine_dropped')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('forms', 'integer', (c) => c.notNull())
        .execute();
    },
  },
});

type QuarantineDb = Kysely<Pick<LeadQuarantineTables, 'lead_quarantine'>>;
type BoundsDb = Kysely<LeadQuarantineTables>;

/** The first instant (ISO) and UTC day still kept at `now`. */
function keptSince(now: Date): { iso: string; day: string } {
  const iso = new Date(now.getTime() - QUARANTINE_DAYS * DAY_MS).toISOString();
  return { iso, day: iso.slice(0, 10) };
}

/** Deletes quarantined forms and dropped counts older than QUARANTINE_DAYS; rows deleted. */
export async function expireQuarantined(db: BoundsDb, now = new Date()): Promise<number> {
  const since = keptSince(now);
  await db.deleteFrom('lead_quarantine_dropped').where('day', '<', since.day).execute();
  const result = await db
    .deleteFrom('lead_quarantine')
    .where('received_at', '<', since.iso)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The quarantine's size: forms held, and forms dropped since the UTC day `since`. */
export async function quarantineFigures(
  db: BoundsDb,
  since: string,
): Promise<{ held: number; dropped: number }> {
  const [held, dropped] = await Promise.all([
    db
      .selectFrom('lead_quarantine')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('lead_quarantine_dropped')
      .select((eb) => eb.fn.sum<number | string | null>('forms').as('n'))
      .where('day', '>=', since)
      .executeTakeFirstOrThrow(),
  ]);
  return { held: Number(held.n), dropped: Number(dropped.n ?? 0) };
}

/**
 * The quarantine keeps the address as typed (trimmed): lower() gives the leads' normalised
 * form (the forms accept ASCII addresses only, which SQLite's lower() folds like JavaScript's).
 */
const sameAddress = (normalizedEmail: string) => sql<boolean>`lower(email) = ${normalizedEmail}`;

/** The quarantined submissions of an address (normalizeEmail), oldest first. */
export function findQuarantined(
  db: QuarantineDb,
  normalizedEmail: string,
): Promise<Selectable<LeadQuarantineTable>[]> {
  return db
    .selectFrom('lead_quarantine')
    .selectAll()
    .where(sameAddress(normalizedEmail))
    .orderBy('id')
    .execute();
}

/**
 * Deletes (in the caller's transaction) the quarantined submissions of an address, or those
 * received before `receivedBefore` (retention); how many rows went.
 */
export async function eraseQuarantined(
  trx: QuarantineDb,
  match: { normalizedEmail: string } | { receivedBefore: string },
): Promise<number> {
  const result = await trx
    .deleteFrom('lead_quarantine')
    .where(
      'normalizedEmail' in match
        ? sameAddress(match.normalizedEmail)
        : sql<boolean>`received_at < ${match.receivedBefore}`,
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What releasing a quarantined submission did: the lead it became (undefined: no such row). */
export interface QuarantineRelease {
  leadType: 'candidate' | 'company';
  leadId: number;
  created: boolean;
}
