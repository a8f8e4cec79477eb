import { DateTime } from 'luxon';
import {
  funnelStages,
  type FunnelStage,
  type FunnelStageKey,
  type FunnelWeek,
  type UnmatchedSpend,
} from '@shared/admin-funnel';
import type { SpendInRange } from './spend-store';

/** A (landing page, variant, utm_source) of a campaign a day, and its weight: visitors, or leads. */
export type CampaignPage = Record<'day' | 'page' | 'variant' | 'source', string> & {
  weight: number;
};

const add = (map: Map<string, number>, key: string, amount: number) =>
  map.set(key, (map.get(key) ?? 0) + amount);

/**
 * `amount` (minor units) shared by `weights` with largest-remainder rounding: each share is its
 * exact part rounded down, and the units left go to the largest remainders, so the shares add up
 * to the amount exactly. Exact in bigints: spend times visitors passes 2^53.
 */
function sharesOf(amount: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (whole === 0n) return weights.map(() => 0);
  const exact = weights.map((weight) => BigInt(amount) * BigInt(weight));
  const shares = exact.map((part) => part / whole);
  let left = BigInt(amount) - shares.reduce((sum, share) => sum + share, 0n);
  const byRemainder = exact
    .map((part, index) => ({ index, remainder: part % whole }))
    .sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : 0));
  for (const { index } of byRemainder) {
    if (left === 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

/**
 * Matched campaign spend to utm_campaigns (decision 165), and each day's to the landing pages,
 * variants and utm_sources by the campaign's (page, variant, source) shares of that day's weight
 * (`pagesOf`, by matched campaign; the range's on a day without any).
 */
export function matchSpend(
  spend: SpendInRange,
  utmCampaigns: { has(key: string): boolean },
  pagesOf: (utmCampaign: string) => readonly CampaignPage[],
) {
  // Spend (minor units) per key of each grouping ('' for none), and what matched no key.
  const matched = {
    landingPages: new Map<string, number>(),
    variants: new Map<string, number>(),
    utmSources: new Map<string, number>(),
    utmCampaigns: new Map<string, number>(),
    unmatched: [] as UnmatchedSpend[],
  };
  // A mapping names a campaign by its id or, from an export without Campaign ID, by its name:
  // it holds for the rows of either (the pull's and the export's).
  const nameOf = new Map(
    spend.campaigns.map((row) => [JSON.stringify([row.source, row.campaign]), row.campaignName]),
  );
  const mapped = new Map<string, string[]>();
  for (const { utmCampaign, source, campaign } of spend.mappings) {
    const name = nameOf.get(JSON.stringify([source, campaign])) ?? campaign;
    for (const value of new Set([campaign, name])) {
      const key = JSON.stringify([source, value]);
      mapped.set(key, [...(mapped.get(key) ?? []), utmCampaign]);
    }
  }
  for (const { days, ...campaign } of spend.campaigns) {
    const mappedTo = (value: string) => mapped.get(JSON.stringify([campaign.source, value])) ?? [];
    const key = [
      campaign.campaign,
      campaign.campaignName,
      ...mappedTo(campaign.campaign),
      ...mappedTo(campaign.campaignName),
    ].find((value) => utmCampaigns.has(value));
    if (key === undefined) {
      matched.unmatched.push(campaign);
      continue;
    }
    add(matched.utmCampaigns, key, campaign.spend);
    const pages = pagesOf(key);
    const ofDay = new Map<string, CampaignPage[]>();
    for (const pair of pages) ofDay.set(pair.day, [...(ofDay.get(pair.day) ?? []), pair]);
    // A day's spend goes to that day's pages; a day nobody came, to the range's.
    for (const { day, spend: amount } of days) {
      const sharing = ofDay.get(day) ?? pages;
      const shares = sharesOf(
        amount,
        sharing.map(({ weight }) => weight),
      );
      sharing.forEach(({ page, variant, source }, index) => {
        add(matched.landingPages, page, shares[index]!);
        add(matched.variants, variant, shares[index]!);
        add(matched.utmSources, source, shares[index]!);
      });
    }
  }
  matched.unmatched.sort((a, b) => b.spend - a.spend);
  return matched;
}

/** Spend over each stage's count and over `paid`'s (leads of campaigns with spend); else null. */
export function costsOf(
  counts: Record<FunnelStageKey, number>,
  spend: number | undefined,
  currency: string | null,
  paid?: Record<FunnelStageKey, number>,
) {
  const per = (count = 0) =>
    spend === undefined || count === 0 ? null : Math.round(spend / count);
  const costs = Object.fromEntries(
    funnelStages.flatMap(({ key, cost, paidCost }) => [
      [cost, per(counts[key])],
      [paidCost, per(paid?.[key])],
    ]),
  );
  return {
    spend: spend ?? null,
    currency: spend === undefined ? null : currency,
    ...(costs as Record<FunnelStage['cost'] | FunnelStage['paidCost'], number | null>),
  };
}

/** The Monday (UTC) of a day's week. */
const mondayOf = (day: string) => DateTime.fromISO(day, { zone: 'utc' }).startOf('week');

/** Every week touching `from`..`to`: its days in the range, its spend, its placed leads. */
export function weeksOf(
  from: string,
  to: string,
  campaigns: SpendInRange['campaigns'],
  placedDays: readonly { day: string; placed: number }[],
): FunnelWeek[] {
  const weeks = new Map<string, FunnelWeek>();
  const daysFrom = (monday: DateTime, day: string) =>
    DateTime.fromISO(day, { zone: 'utc' }).diff(monday, 'days').days;
  for (let monday = mondayOf(from); monday <= mondayOf(to); monday = monday.plus({ weeks: 1 })) {
    const days = Math.min(7, daysFrom(monday, to) + 1) - Math.max(0, daysFrom(monday, from));
    weeks.set(monday.toISODate()!, { week: monday.toISODate()!, spend: 0, placed: 0, days });
  }
  const weekOf = (day: string) => weeks.get(mondayOf(day).toISODate()!) ?? { spend: 0, placed: 0 };
  for (const { day, spend } of campaigns.flatMap((campaign) => campaign.days))
    weekOf(day).spend += spend;
  for (const { day, placed } of placedDays) weekOf(day).placed += placed;
  return [...weeks.values()];
}
