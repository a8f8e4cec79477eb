import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isoDay } from '@shared/calendar-day';
import type { VisitBeacon } from '@shared/visit-beacon';
import type { AddressKey } from '../platform/http/address-key';
import type { VisitTables } from './visit-tables';

/** Most aggregate rows a day (decision 115); past it, values count as OTHER. */
export const MAX_ROWS_PER_DAY = 1000;
export const OTHER = '(other)';

/** New visitors one address may add a day (decision 152); past it they count in visit_dropped. */
const MAX_VISITORS_PER_ADDRESS = 50;

/** One counted visit: the visitor's and its address's daily hashes, never who they are (115). */
type Hit = Record<
  'day' | 'visitor' | 'address' | 'page' | 'variant' | 'utmSource' | 'utmCampaign',
  string
>;

/** Writes counted visits in `trx`: each visitor once a day, and the day's aggregates. */
async function writeHits(trx: Kysely<VisitTables>, hits: Hit[]): Promise<void> {
  // One hit per visitor, the first: the page they entered (they may move on within the second).
  const first = new Map<string, Hit>();
  for (const hit of hits)
    if (!first.has(`${hit.day} ${hit.visitor}`)) first.set(`${hit.day} ${hit.visitor}`, hit);
  const unique = [...first.values()];
  if (unique.length === 0) return;
  const fresh = new Set<string>();
  for (let from = 0; from < unique.length; from += 200) {
    const rows = await trx
      .insertInto('visit_seen')
      .values(unique.slice(from, from + 200).map(({ day, visitor }) => ({ day, visitor })))
      .onConflict((conflict) => conflict.columns(['day', 'visitor']).doNothing())
      .returning(['day', 'visitor'])
      .execute();
    for (const row of rows) fresh.add(`${row.day} ${row.visitor}`);
  }
  const full = new Set<string>();
  for (const day of new Set(unique.map((hit) => hit.day))) {
    const { rows } = await trx
      .selectFrom('visit_days')
      .select((eb) => eb.fn.countAll<number | string>().as('rows'))
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    if (Number(rows) >= MAX_ROWS_PER_DAY) full.add(day);
  }
  const counts = new Map<string, { hit: Hit; visitors: number }>();
  const newVisitors = unique.filter((hit) => fresh.has(`${hit.day} ${hit.visitor}`));
  for (const counted of await withinAddressBound(trx, newVisitors)) {
    const hit = full.has(counted.day)
      ? { ...counted, page: OTHER, utmSource: OTHER, utmCampaign: OTHER }
      : counted;
    const key = [hit.day, hit.page, hit.variant, hit.utmSource, hit.utmCampaign].join('\n');
    const entry = counts.get(key) ?? { hit, visitors: 0 };
    entry.visitors += 1;
    counts.set(key, entry);
  }
  for (const { hit, visitors } of counts.values()) {
    await trx
      .insertInto('visit_days')
      .values({
        day: hit.day,
        page: hit.page,
        landing_variant: hit.variant,
        utm_source: hit.utmSource,
        utm_campaign: hit.utmCampaign,
        visitors,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['day', 'page', 'landing_variant', 'utm_source', 'utm_campaign'])
          .doUpdateSet((eb) => ({ visitors: eb('visit_days.visitors', '+', visitors) })),
      )
      .execute();
  }
}

/** The new visitors within their address's daily bound; the others are dropped and counted. */
async function withinAddressBound(trx: Kysely<VisitTables>, hits: Hit[]): Promise<Hit[]> {
  const byAddress = new Map<string, Hit[]>();
  for (const hit of hits) {
    const key = `${hit.day} ${hit.address}`;
    byAddress.set(key, [...(byAddress.get(key) ?? []), hit]);
  }
  const kept: Hit[] = [];
  const dropped = new Map<string, number>();
  for (const group of byAddress.values()) {
    const { day, address } = group[0] as Hit;
    const row = await trx
      .insertInto('visit_addresses')
      .values({ day, address, visitors: group.length })
      .onConflict((conflict) =>
        conflict
          .columns(['day', 'address'])
          .doUpdateSet((eb) => ({ visitors: eb('visit_addresses.visitors', '+', group.length) })),
      )
      .returning('visitors')
      .executeTakeFirstOrThrow();
    const room = Math.max(0, MAX_VISITORS_PER_ADDRESS - (Number(row.visitors) - group.length));
    kept.push(...group.slice(0, room));
    const over = group.slice(room);
    if (over.length === 0) continue;
    const visitors = over.map((hit) => hit.visitor);
    await trx
      .deleteFrom('visit_seen')
      .where('day', '=', day)
      .where('visitor', 'in', visitors)
      .execute();
    dropped.set(day, (dropped.get(day) ?? 0) + over.length);
  }
  for (const [day, beacons] of dropped) {
    await trx
      .insertInto('visit_dropped')
      .values({ day, beacons })
      .onConflict((conflict) =>
        conflict
          .column('day')
          .doUpdateSet((eb) => ({ beacons: eb('visit_dropped.beacons', '+', beacons) })),
      )
      .execute();
  }
  return kept;
}

type Visit = { beacon: VisitBeacon; address: AddressKey; userAgent: string };

/** Hits are written together at most this often (one transaction per flush). */
const FLUSH_MS = 1000;
/** ...or as soon as this many wait. */
const FLUSH_AT = 2000;

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
  async count({ beacon, address, userAgent }: Visit) {
    const day = isoDay(this.now().getTime());
    const salt = await this.saltOf(day);
    const utmSource = beacon.utmSource?.trim() ?? '';
    const utmCampaign = beacon.utmCampaign?.trim() ?? '';
    const hash = (...parts: string[]) =>
      createHmac('sha256', salt).update(parts.join('\n')).digest('base64url').slice(0, 22);
    // Not the variant, which is the page's: moving on within the site is the same visitor (115).
    const visitor = hash(this.site, address, userAgent, utmSource, utmCampaign);
    this.pending.push({
      day,
      visitor,
      address: hash('address', this.site, address),
      page: beacon.page,
      variant: beacon.variant ?? '',
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
