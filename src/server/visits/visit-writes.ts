import type { Kysely } from 'kysely';
import type { VisitTables } from './visit-tables';

/**
 * Most aggregate rows a day (decision 115: ~55 MB a year at most). Past it, a visit's page
 * and UTM values are counted as OTHER, so that made-up values cannot grow the table without bound.
 */
export const MAX_ROWS_PER_DAY = 1000;
export const OTHER = '(other)';

/** One counted visit: the visitor's daily hash, never who they are (decision 115). */
export interface Hit {
  day: string;
  visitor: string;
  page: string;
  variant: string;
  utmSource: string;
  utmCampaign: string;
}

/**
 * Writes counted visits inside transaction `trx`: each visitor once a day (visit_seen), and
 * the day's aggregate counts (visit_days).
 */
export async function writeHits(trx: Kysely<VisitTables>, hits: Hit[]): Promise<void> {
  // One hit per visitor (the same one may reload the page within the second).
  const unique = [...new Map(hits.map((hit) => [`${hit.day} ${hit.visitor}`, hit])).values()];
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
  for (const counted of unique) {
    if (!fresh.has(`${counted.day} ${counted.visitor}`)) continue;
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
