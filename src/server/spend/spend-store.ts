import { sql, type Kysely } from 'kysely';
import type { SpendOrigin, SpendTables } from './spend-tables';

export interface SpendRow {
  day: string;
  source: string;
  campaign: string;
  campaignName: string;
  currency: string;
  amountMinor: number;
  impressions: number | null;
  clicks: number | null;
}

export interface SpendMapping {
  utmCampaign: string;
  source: string;
  campaign: string;
}

/** The spend of a report's range in one currency, per campaign and per day. */
export type SpendInRange = Awaited<ReturnType<SpendStore['inRange']>>;

/** Spend rows, mappings and the ranges the report reads; one instance per server. */
export class SpendStore {
  constructor(private readonly db: Kysely<SpendTables>) {}

  /** Stores `rows`, each replacing its key; with `replaceDays`, the origin's others go first. */
  async save(
    rows: readonly SpendRow[],
    origin: SpendOrigin,
    replaceDays?: { from: string; to: string },
  ): Promise<void> {
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      if (replaceDays) {
        await trx
          .deleteFrom('ad_spend')
          .where('origin', '=', origin)
          .where('day', '>=', replaceDays.from)
          .where('day', '<=', replaceDays.to)
          .execute();
      }
      // A few hundred rows a statement keeps within both databases' parameter limits.
      for (let at = 0; at < rows.length; at += 500) {
        await trx
          .insertInto('ad_spend')
          .values(
            rows.slice(at, at + 500).map((row) => ({
              day: row.day,
              source: row.source,
              campaign: row.campaign,
              campaign_name: row.campaignName,
              currency: row.currency,
              amount_minor: row.amountMinor,
              impressions: row.impressions,
              clicks: row.clicks,
              origin,
              updated_at: now,
            })),
          )
          .onConflict((conflict) =>
            conflict.columns(['day', 'source', 'campaign']).doUpdateSet((eb) => ({
              campaign_name: eb.ref('excluded.campaign_name'),
              currency: eb.ref('excluded.currency'),
              amount_minor: eb.ref('excluded.amount_minor'),
              impressions: eb.ref('excluded.impressions'),
              clicks: eb.ref('excluded.clicks'),
              origin: eb.ref('excluded.origin'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
    });
  }

  /** The range's spend in `currency` (default: the most spent), with every currency's total. */
  async inRange(from: string, to: string, currency?: string) {
    const range = this.db.selectFrom('ad_spend').where('day', '>=', from).where('day', '<=', to);
    const total = sql<number | string>`sum(amount_minor)`;
    const [currencyRows, mappings] = await Promise.all([
      range
        .select(['currency', total.as('spend')])
        .groupBy('currency')
        .execute(),
      this.mappings(),
    ]);
    const currencies = currencyRows
      .map((row) => ({ currency: row.currency, spend: Number(row.spend) }))
      .sort((a, b) => b.spend - a.spend || a.currency.localeCompare(b.currency));
    const chosen = currency ?? currencies[0]?.currency ?? null;
    if (chosen === null) return { currency: null, currencies, campaigns: [], days: [], mappings };
    const inCurrency = range.where('currency', '=', chosen);
    const [campaigns, days] = await Promise.all([
      inCurrency
        .select([
          'source',
          'campaign',
          sql<string>`max(campaign_name)`.as('campaignName'),
          total.as('spend'),
        ])
        .groupBy(['source', 'campaign'])
        .execute(),
      inCurrency
        .select(['day', total.as('spend')])
        .groupBy('day')
        .orderBy('day')
        .execute(),
    ]);
    return {
      currency: chosen,
      currencies,
      campaigns: campaigns.map((row) => ({ ...row, spend: Number(row.spend) })),
      days: days.map((row) => ({ day: row.day, spend: Number(row.spend) })),
      mappings,
    };
  }

  mappings(): Promise<SpendMapping[]> {
    return this.db
      .selectFrom('ad_spend_mappings')
      .select(['utm_campaign as utmCampaign', 'source', 'campaign'])
      .orderBy('utm_campaign')
      .execute();
  }

  async saveMapping(mapping: SpendMapping): Promise<void> {
    const updated_at = new Date().toISOString();
    await this.db
      .insertInto('ad_spend_mappings')
      .values({
        utm_campaign: mapping.utmCampaign,
        source: mapping.source,
        campaign: mapping.campaign,
        updated_at,
      })
      .onConflict((conflict) =>
        conflict
          .column('utm_campaign')
          .doUpdateSet({ source: mapping.source, campaign: mapping.campaign, updated_at }),
      )
      .execute();
  }

  async deleteMapping(utmCampaign: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('ad_spend_mappings')
      .where('utm_campaign', '=', utmCampaign)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
