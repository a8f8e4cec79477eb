import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AddressCounterTables } from './address-counter-tables';
import { minuteOf, type AddressCounters, type CountKind, type Counts } from './address-counters';

/**
 * The per-address minute counts in PostgreSQL, shared by every instance on the database
 * (decision 120): one upsert a count, `n = n + 1 RETURNING` the row, so two instances never
 * lose an increment and each sees the other's. The address is stored as a keyed hash (the key
 * is kept in the database, so every instance hashes alike). Windows older than the previous
 * minute are deleted once a minute by each instance.
 */
export class PostgresMinuteCounters implements AddressCounters {
  private prunedMinute = -1;

  constructor(
    private readonly db: Kysely<AddressCounterTables>,
    /** The HMAC key of the address hash. */
    private readonly key: Buffer,
    /** Told when pruning old windows failed (it is retried the next minute). */
    private readonly onError: (error: unknown) => void,
  ) {}

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
        conflict
          .columns(['minute', 'address_hash'])
          .doUpdateSet((eb) => ({ [kind]: eb(eb.ref(`lead_address_counts.${kind}`), '+', 1) })),
      )
      .returning(['request', 'invalid', 'valid'])
      .executeTakeFirstOrThrow();
    return { request: row.request, invalid: row.invalid, valid: row.valid };
  }
}
