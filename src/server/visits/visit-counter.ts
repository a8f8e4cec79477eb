import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { VisitBeacon } from '@shared/visit-beacon';
import type { AddressKey } from '../platform/http/address-key';
import type { VisitTables } from './visit-tables';
import { writeHits, type Hit } from './visit-writes';

export { MAX_ROWS_PER_DAY, MAX_VISITORS_PER_ADDRESS, OTHER } from './visit-writes';

/** Hits are written together at most this often (one transaction per flush). */
const FLUSH_MS = 1000;
/** ...or as soon as this many wait. */
const FLUSH_AT = 2000;

const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Visitors as keyed hashes under a daily salt, deleted with their day (decisions 115, 152). */
export class VisitCounter {
  private pending: Hit[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private salt: { day: string; key: Promise<string> } | undefined;

  constructor(
    private readonly db: Kysely<VisitTables>,
    private readonly site: string,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Records one visit; the write follows within FLUSH_MS. */
  async count({
    beacon,
    address,
    userAgent,
  }: {
    beacon: VisitBeacon;
    address: AddressKey;
    userAgent: string;
  }) {
    const day = utcDay(this.now());
    const salt = await this.saltOf(day);
    const variant = beacon.variant ?? '';
    const utmSource = beacon.utmSource?.trim() ?? '';
    const utmCampaign = beacon.utmCampaign?.trim() ?? '';
    const hash = (...parts: string[]) =>
      createHmac('sha256', salt).update(parts.join('\n')).digest('base64url').slice(0, 22);
    const visitor = hash(this.site, address, userAgent, variant, utmSource, utmCampaign);
    this.pending.push({
      day,
      visitor,
      address: hash('address', this.site, address),
      page: beacon.page,
      variant,
      utmSource,
      utmCampaign,
    });
    if (this.pending.length >= FLUSH_AT) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  /** Writes what is pending (also on shutdown, and by tests that read the tables). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const hits = this.pending;
    this.pending = [];
    // Nothing pending (shutdown, the funnel's read): no transaction.
    if (hits.length === 0) return this.flushing;
    this.flushing = this.flushing
      .then(() => this.db.transaction().execute((trx) => writeHits(trx, hits)))
      .catch((error: unknown) => this.onError(error));
    return this.flushing;
  }

  /** Beacons not counted since the UTC day `since` (YYYY-MM-DD), past an address's bound. */
  async notCountedSince(since: string): Promise<number> {
    await this.flush();
    const row = await this.db
      .selectFrom('visit_dropped')
      .select((eb) => eb.fn.sum<number | string | null>('beacons').as('n'))
      .where('day', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n ?? 0);
  }

  /** Today's salt, made by the first instance that needs it; older salts and hashes go. */
  private saltOf(day: string): Promise<string> {
    if (this.salt?.day !== day) {
      const key = this.rotate(day);
      key.catch(() => (this.salt = undefined));
      this.salt = { day, key };
    }
    return this.salt.key;
  }

  private async rotate(day: string): Promise<string> {
    await this.flush();
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('visit_salts')
        .values({ day, salt: randomBytes(32).toString('base64') })
        .onConflict((conflict) => conflict.column('day').doNothing())
        .execute();
      await trx.deleteFrom('visit_salts').where('day', '<', day).execute();
      await trx.deleteFrom('visit_seen').where('day', '<', day).execute();
      await trx.deleteFrom('visit_addresses').where('day', '<', day).execute();
      const row = await trx
        .selectFrom('visit_salts')
        .select('salt')
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      return row.salt;
    });
  }
}
