import { createHmac } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationSet } from '../../platform/database/migration-runner';

/*
 * Per-address counts of lead requests in the current minute (decisions 095 and 120), in a
 * table, so that every instance on one PostgreSQL counts toward one limit.
 */

export type CountKind = 'request' | 'invalid' | 'valid';

/** The minute's counts of one address so far. */
export type Counts = Readonly<Record<CountKind, number>>;

export interface AddressCounterTables {
  lead_address_counts: {
    /** Minutes since the epoch: the fixed window the counts belong to. */
    minute: number;
    /** HMAC-SHA256 of the address under a key kept in the database, cut to 128 bits. */
    address_hash: string;
    request: number;
    invalid: number;
    valid: number;
  };
}

/**
 * 145: UNLOGGED on PostgreSQL: counts a minute long need no write-ahead log (cheaper on the
 * lead path); a crash of PostgreSQL empties the table, which forgets at most a minute of counts.
 */
const createAddressCounts = (dialect: string): Migration => ({
  async up(db: Kysely<unknown>) {
    const table = db.schema.createTable('lead_address_counts');
    await (dialect === 'postgres' ? table.modifyFront(sql`unlogged`) : table)
      .addColumn('minute', 'integer', (c) => c.notNull())
      .addColumn('address_hash', 'text', (c) => c.notNull())
      .addColumn('request', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('invalid', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('valid', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('lead_address_counts_pk', ['minute', 'address_hash'])
      .execute();
  },
});

export const addressCounterMigrations: MigrationSet = (dialect): Record<string, Migration> => ({
  '145_lead_address_counts': createAddressCounts(dialect),
});

export const MINUTE_MS = 60_000;

/** The fixed one-minute window that `nowMs` falls in (minutes since the epoch). */
export const minuteOf = (nowMs: number): number => Math.floor(nowMs / MINUTE_MS);

/** Seconds until the minute that `nowMs` falls in ends (Retry-After). */
export const secondsLeft = (nowMs: number): number =>
  Math.max(1, Math.ceil((MINUTE_MS - (nowMs % MINUTE_MS)) / 1000));

/**
 * Per-address minute counts: one `n = n + 1 RETURNING` upsert each, so instances never lose an
 * increment. The address is stored as a keyed hash; old windows are deleted each minute. Ephemeral:
 * a crash may forget a minute's counts.
 */
export class AddressCounters {
  private prunedMinute = -1;
  /** The HMAC key of the address hash. */
  private readonly key: Buffer;

  constructor(
    private readonly db: Kysely<AddressCounterTables>,
    spamKey: Buffer,
    /** Told when pruning old windows failed (it is retried the next minute). */
    private readonly onError: (error: unknown) => void,
  ) {
    this.key = createHmac('sha256', spamKey).update('lead-address-counts').digest();
  }

  /** Adds one `kind` for `address` and answers the minute's counts so far (this one included). */
  async add(address: string, kind: CountKind, nowMs: number): Promise<Counts> {
    const minute = minuteOf(nowMs);
    if (minute !== this.prunedMinute) {
      this.prunedMinute = minute;
      this.db
        .deleteFrom('lead_address_counts')
        .where('minute', '<', minute - 1)
        .execute()
        .catch(this.onError);
    }
    const addressHash = createHmac('sha256', this.key)
      .update(address)
      .digest('base64url')
      .slice(0, 22);
    const row = await this.db
      .insertInto('lead_address_counts')
      .values({
        minute,
        address_hash: addressHash,
        request: kind === 'request' ? 1 : 0,
        invalid: kind === 'invalid' ? 1 : 0,
        valid: kind === 'valid' ? 1 : 0,
      })
      .onConflict((conflict) =>
        conflict.columns(['minute', 'address_hash']).doUpdateSet((eb) => ({
          [kind]: eb(eb.ref(`lead_address_counts.${kind}`), '+', 1),
        })),
      )
      .returning(['request', 'invalid', 'valid'])
      .executeTakeFirstOrThrow();
    return { request: row.request, invalid: row.invalid, valid: row.valid };
  }
}
