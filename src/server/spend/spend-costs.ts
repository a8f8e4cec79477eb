import type { FunnelWeek, UnmatchedSpend } from '@shared/admin-funnel';
import type { SpendInRange } from './spend-store';

/** Spend (minor units) per key of each grouping, and what matched no key. */
export interface MatchedSpend {
  variants: Map<string, number>;
  utmSources: Map<string, number>;
  utmCampaigns: Map<string, number>;
  unmatched: UnmatchedSpend[];
}

const add = (map: Map<string, number>, key: string, amount: number) =>
  map.set(key, (map.get(key) ?? 0) + amount);

/** Campaign spend to utm_campaigns (decision 165), split by its visitors per landing variant. */
export function matchSpend(
  spend: SpendInRange,
  utmCampaigns: { has(key: string): boolean },
  visitorsOf: ReadonlyMap<string, ReadonlyMap<string, number>>,
): MatchedSpend {
  const matched: MatchedSpend = {
    variants: new Map(),
    utmSources: new Map(),
    utmCampaigns: new Map(),
    unmatched: [],
  };
  const mapped = new Map<string, string[]>();
  for (const { utmCampaign, source, campaign } of spend.mappings) {
    const key = JSON.stringify([source, campaign]);
    mapped.set(key, [...(mapped.get(key) ?? []), utmCampaign]);
  }
  for (const campaign of spend.campaigns) {
    add(matched.utmSources, campaign.source, campaign.spend);
    const key = [
      campaign.campaign,
      campaign.campaignName,
      ...(mapped.get(JSON.stringify([campaign.source, campaign.campaign])) ?? []),
    ].find((value) => utmCampaigns.has(value));
    if (key === undefined) {
      matched.unmatched.push(campaign);
      continue;
    }
    add(matched.utmCampaigns, key, campaign.spend);
    // '' is a visit without a landing variant: no page to share the spend with.
    const onVariants = [...(visitorsOf.get(key) ?? [])].filter(
      ([variant, visitors]) => variant !== '' && visitors > 0,
    );
    const total = onVariants.reduce((sum, [, visitors]) => sum + visitors, 0);
    // The last variant takes the rounding's remainder, so the shares add up to the spend.
    let left = campaign.spend;
    onVariants.forEach(([variant, visitors], index) => {
      const share =
        index === onVariants.length - 1 ? left : Math.round((campaign.spend * visitors) / total);
      left -= share;
      add(matched.variants, variant, share);
    });
  }
  matched.unmatched.sort((a, b) => b.spend - a.spend);
  return matched;
}

/** A step's costs: spend over each count, null where the count is 0 or there is no spend. */
export function costsOf(
  counts: { leads: number; applications: number; enrolled: number; placed: number },
  spend: number | undefined,
  currency: string | null,
) {
  const per = (count: number) =>
    spend === undefined || count === 0 ? null : Math.round(spend / count);
  return {
    spend: spend ?? null,
    currency: spend === undefined ? null : currency,
    costPerLead: per(counts.leads),
    costPerApplication: per(counts.applications),
    costPerEnrolled: per(counts.enrolled),
    costPerPlacement: per(counts.placed),
  };
}

const DAY_MS = 86_400_000;
/** The Monday (UTC) of a day's week. */
const mondayOf = (day: string) => {
  const time = Date.parse(`${day}T00:00:00.000Z`);
  return new Date(time - ((new Date(time).getUTCDay() + 6) % 7) * DAY_MS)
    .toISOString()
    .slice(0, 10);
};

/** Every week touching `from`..`to`, with its spend and placed leads (by the day they arrived). */
export function weeksOf(
  from: string,
  to: string,
  spendDays: readonly { day: string; spend: number }[],
  placedDays: readonly { day: string; placed: number }[],
): FunnelWeek[] {
  const weeks = new Map<string, FunnelWeek>();
  const last = Date.parse(`${mondayOf(to)}T00:00:00.000Z`);
  for (let time = Date.parse(`${mondayOf(from)}T00:00:00.000Z`); time <= last; time += 7 * DAY_MS) {
    const week = new Date(time).toISOString().slice(0, 10);
    weeks.set(week, { week, spend: 0, placed: 0 });
  }
  for (const { day, spend } of spendDays) {
    const week = weeks.get(mondayOf(day));
    if (week) week.spend += spend;
  }
  for (const { day, placed } of placedDays) {
    const week = weeks.get(mondayOf(day));
    if (week) week.placed += placed;
  }
  return [...weeks.values()];
}
