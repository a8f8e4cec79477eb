import type { Kysely } from 'kysely';
import { DAY_MS } from '@shared/calendar-day';
import { leadFunnel } from '../leads';
import { readByWeeks, type DayRange } from '../platform/database/report-reads';
import type { CampaignPage } from '../spend';
import type { VisitTables } from './visit-tables';

/** Campaigns one lead query lists: well under either database's bound on parameters. */
export const CAMPAIGNS_AT_ONCE = 500;

/** Rows of the leads that arrived in `range` (until its `before` if any), a week at a time. */
export const byWeeksOfLeads = <Row>(
  range: DayRange & { before?: string },
  read: (fromIso: string, toIso: string) => { execute(): Promise<Row[]> },
) =>
  readByWeeks(range, ({ from, to }) => {
    const next = new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS).toISOString();
    const end = range.before && range.before < next ? range.before : next;
    return read(`${from}T00:00:00.000Z`, end).execute();
  });

/** Leads per day and (source page, variant, utm_source) of each of `campaigns` ('' included). */
export async function pagesOfLeads(
  db: Kysely<VisitTables>,
  campaigns: readonly string[],
  range: DayRange,
): Promise<Map<string, CampaignPage[]>> {
  const pairs = new Map<string, Map<string, CampaignPage>>();
  for (let at = 0; at < campaigns.length; at += CAMPAIGNS_AT_ONCE) {
    const some = campaigns.slice(at, at + CAMPAIGNS_AT_ONCE);
    const leads = byWeeksOfLeads(range, (fromIso, toIso) =>
      leadFunnel.campaignPagesQuery(db, some, fromIso, toIso),
    );
    for await (const rows of leads) {
      for (const { campaign, day, leads, ...keys } of rows) {
        const ofCampaign = pairs.get(campaign ?? '') ?? new Map<string, CampaignPage>();
        const [page, variant, source] = [keys.page ?? '', keys.variant ?? '', keys.source ?? ''];
        const pair = JSON.stringify([day, page, variant, source]);
        const weight = (ofCampaign.get(pair)?.weight ?? 0) + Number(leads);
        ofCampaign.set(pair, { day, page, variant, source, weight });
        pairs.set(campaign ?? '', ofCampaign);
      }
    }
  }
  return new Map([...pairs].map(([campaign, ofCampaign]) => [campaign, [...ofCampaign.values()]]));
}
