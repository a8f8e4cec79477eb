import { sql, type Kysely } from 'kysely';
import { inTurn, type DayRange } from '../platform/database/report-reads';
import type { CampaignPage } from '../spend';
import type { VisitTables } from './visit-tables';

export type VisitKey = 'page' | 'landing_variant' | 'utm_source' | 'utm_campaign';

/** Rows of a (key, day) index one statement reads: a few milliseconds (decision 105). */
const ROWS_PER_READ = 5000;

/** The range's days as a filter no index searches: the planner would read by day, not by key. */
const daysIn = ({ from, to }: DayRange) =>
  sql<boolean>`substr(day, 1, 10) between ${from} and ${to}`;

/**
 * Visitors per value of `key` over `range`, in key order, through its (key, day) index a few
 * thousand rows a read: a report keeps only what it ranks first of keys that may be hundreds of
 * thousands, and no statement reads more whatever the range.
 */
export async function* visitorsByKey(
  db: Kysely<VisitTables>,
  key: VisitKey,
  range: DayRange,
): AsyncGenerator<{ key: string; visitors: number }[]> {
  const position = sql`(${sql.ref(key)}, day)`;
  const keyAs = sql<string>`${sql.ref(key)}`.as('key');
  // Before every row: a day is never blank.
  let after = { key: '', day: '' };
  // The last key of a piece: its rows may go on in the next.
  let open: { key: string; visitors: number } | undefined;
  for (;;) {
    const rowsAfter = db
      .selectFrom('visit_days')
      .where(sql<boolean>`${position} > (${after.key}, ${after.day})`);
    const bound = await inTurn(() =>
      rowsAfter
        .select([keyAs, 'day'])
        .orderBy(key)
        .orderBy('day')
        .limit(1)
        .offset(ROWS_PER_READ)
        .executeTakeFirst(),
    );
    const rows = await inTurn(() =>
      rowsAfter
        .select([keyAs, sql<number | string>`sum(visitors)`.as('visitors')])
        .$if(bound !== undefined, (q) =>
          q.where(sql<boolean>`${position} <= (${bound!.key}, ${bound!.day})`),
        )
        .where(daysIn(range))
        .groupBy(key)
        .orderBy(key)
        .execute(),
    );
    const sums = rows.map((row) => ({ key: row.key, visitors: Number(row.visitors) }));
    if (open && sums[0]?.key === open.key) sums[0].visitors += open.visitors;
    else if (open) sums.unshift(open);
    open = bound ? sums.pop() : undefined;
    yield sums;
    if (!bound) return;
    after = bound;
  }
}

/** Visitors per day and (page, variant, utm_source) of each of `campaigns`: how spend is shared. */
export async function pagesOfCampaigns(
  db: Kysely<VisitTables>,
  campaigns: readonly string[],
  range: DayRange,
): Promise<Map<string, CampaignPage[]>> {
  const pagesOf = new Map<string, CampaignPage[]>();
  for (let at = 0; at < campaigns.length; at += 500) {
    const rows = await inTurn(() =>
      db
        .selectFrom('visit_days')
        .select([
          'utm_campaign as campaign',
          'day',
          'page',
          'landing_variant as variant',
          'utm_source as source',
          sql<number | string>`sum(visitors)`.as('visitors'),
        ])
        .where('utm_campaign', 'in', campaigns.slice(at, at + 500))
        .where(daysIn(range))
        .groupBy(['utm_campaign', 'day', 'page', 'landing_variant', 'utm_source'])
        .execute(),
    );
    for (const { campaign, visitors, ...pair } of rows) {
      const pages = pagesOf.get(campaign) ?? [];
      pages.push({ ...pair, weight: Number(visitors) });
      pagesOf.set(campaign, pages);
    }
  }
  return pagesOf;
}
