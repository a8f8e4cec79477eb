import { createHmac } from 'node:crypto';
import { DAY_MS } from '@shared/calendar-day';
import type { FastifyReply } from 'fastify';
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { AddressKey } from '../../../platform/http/address-key';
import type { MigrationSet } from '../../../platform/database/migration-runner';

/* Per-address counts in tables (decisions 095, 152): instances share one limit; IPv6 by /64. */

/** `beacon`: the visit beacon's requests, a budget of their own. */
export type CountKind = 'request' | 'invalid' | 'valid' | 'beacon';

type Counts = Readonly<Record<CountKind, number>>;
const NO_COUNTS: Counts = { request: 0, invalid: 0, valid: 0, beacon: 0 };

/** What a count is kept for: an address (addressKeyOf), or one route's own count of it. */
export type CountKey = AddressKey | (string & { readonly countScope: unique symbol });

/** An address's count for `scope` alone, apart from its other counts. */
export const scopedKey = (scope: string, address: AddressKey): CountKey =>
  `${scope} ${address}` as CountKey;

export interface AddressCounterTables {
  lead_address_counts: {
    minute: number;
    /** A keyed HMAC-SHA256 of the address, cut to 128 bits. */
    address_hash: string;
    request: number;
    invalid: number;
    valid: number;
    beacon: number;
  };
  lead_address_days: {
    day: number;
    address_hash: string;
    quarantined: number;
  };
}

/** UNLOGGED on PostgreSQL: a crash forgets at most a minute of counts; the lead path is cheaper. */
export const addressCounterMigrations: MigrationSet = (dialect) => {
  const unlogged = (table: CreateTableBuilder<string>) =>
    dialect === 'postgres' ? table.modifyFront(sql`unlogged`) : table;
  return {
    '145_lead_address_counts': {
      async up(db: Kysely<unknown>) {
        await unlogged(db.schema.createTable('lead_address_counts'))
          .addColumn('minute', 'integer', (c) => c.notNull())
          .addColumn('address_hash', 'text', (c) => c.notNull())
          .addColumn('request', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('invalid', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('valid', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('lead_address_counts_pk', ['minute', 'address_hash'])
          .execute();
      },
    },
    '165_lead_address_beacon_and_days': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('lead_address_counts')
          .addColumn('beacon', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await unlogged(db.schema.createTable('lead_address_days'))
          .addColumn('day', 'integer', (c) => c.notNull())
          .addColumn('address_hash', 'text', (c) => c.notNull())
          .addColumn('quarantined', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('lead_address_days_pk', ['day', 'address_hash'])
          .execute();
      },
    },
  };
};

const MINUTE_MS = 60_000;

const minuteOf = (nowMs: number): number => Math.floor(nowMs / MINUTE_MS);

/** Seconds until the minute that `nowMs` falls in ends (Retry-After). */
export const secondsLeft = (nowMs: number): number =>
  Math.max(1, Math.ceil((MINUTE_MS - (nowMs % MINUTE_MS)) / 1000));

/** A public route's budget of requests per address a minute. */
export interface Flood {
  counters: AddressCounters;
  limit: number;
}

/** Counts a `kind` of `key`: past the flood's limit, a 429 saying `error` until the minute ends. */
export async function refuseFlood(
  flood: Flood,
  key: CountKey,
  reply: FastifyReply,
  nowMs: number,
  kind: CountKind = 'request',
  error = 'Too many requests, please try again in a minute',
) {
  if ((await flood.counters.add(key, kind, nowMs))[kind] <= flood.limit) return undefined;
  return tooMany(reply, nowMs, error);
}

/** 429 saying `error` until the minute that `nowMs` falls in ends. */
export const tooMany = (reply: FastifyReply, nowMs: number, error: string) =>
  reply
    .code(429)
    .header('retry-after', String(secondsLeft(nowMs)))
    .send({ error });

/** A keyed HMAC-SHA256 of a text cut to 128 bits, under `spamKey`'s own key for `purpose`. */
export function keyedHash(spamKey: Buffer, purpose: string): (text: string) => string {
  const key = createHmac('sha256', spamKey).update(purpose).digest();
  return (text) => createHmac('sha256', key).update(text).digest('base64url').slice(0, 22);
}

/** One `n = n + 1 RETURNING` upsert each: no increment lost; old windows go as new ones start. */
export class AddressCounters {
  private readonly pruned = { minute: -1, day: -1 };
  private readonly hashOf: (key: CountKey) => string;

  constructor(
    private readonly db: Kysely<AddressCounterTables>,
    spamKey: Buffer,
    private readonly onError: (error: unknown) => void,
  ) {
    this.hashOf = keyedHash(spamKey, 'lead-address-counts');
  }

  /** Adds one `kind` for `key` and answers the minute's counts so far (this one included). */
  async add(key: CountKey, kind: CountKind, nowMs: number): Promise<Counts> {
    const minute = minuteOf(nowMs);
    this.prune('lead_address_counts', 'minute', minute);
    return this.db
      .insertInto('lead_address_counts')
      .values({ minute, address_hash: this.hashOf(key), ...NO_COUNTS, [kind]: 1 })
      .onConflict((conflict) =>
        conflict.columns(['minute', 'address_hash']).doUpdateSet((eb) => ({
          [kind]: eb(eb.ref(`lead_address_counts.${kind}`), '+', 1),
        })),
      )
      .returning(['request', 'invalid', 'valid', 'beacon'])
      .executeTakeFirstOrThrow();
  }

  /** Adds one quarantined form for `address` and answers the day's count so far (UTC day). */
  async addQuarantined(address: AddressKey, nowMs: number): Promise<number> {
    const day = Math.floor(nowMs / DAY_MS);
    this.prune('lead_address_days', 'day', day);
    const row = await this.db
      .insertInto('lead_address_days')
      .values({ day, address_hash: this.hashOf(address), quarantined: 1 })
      .onConflict((conflict) =>
        conflict.columns(['day', 'address_hash']).doUpdateSet((eb) => ({
          quarantined: eb('lead_address_days.quarantined', '+', 1),
        })),
      )
      .returning('quarantined')
      .executeTakeFirstOrThrow();
    return row.quarantined;
  }

  /** As a new window starts, those before the last go; not awaited: no count waits on it. */
  private prune(table: keyof AddressCounterTables, unit: 'minute' | 'day', window: number) {
    if (this.pruned[unit] === window) return;
    this.pruned[unit] = window;
    const older = this.db.deleteFrom(table).where(this.db.dynamic.ref(unit), '<', window - 1);
    older.execute().catch(this.onError);
  }
}
