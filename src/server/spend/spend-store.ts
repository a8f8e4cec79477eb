import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { inTurn, readByWeeks, type DayRange } from '../platform/database/report-reads';
import { DAY_MS } from '@shared/calendar-day';
import { tablesOf, type AlsoWrite } from '../platform/database/connection';
import type { WriteJob, WriteQueue } from '../platform/database/write-queue';
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

/** A utm_campaign value the admin mapped to a campaign of the spend. */
type SpendMapping = Awaited<ReturnType<SpendStore['mappings']>>[number];
/** The spend of a report's range in one currency, per campaign and per day. */
export type SpendInRange = Awaited<ReturnType<SpendStore['inRange']>>;

/** Rows one write stores: 100 rows of long names are 2-9 ms of CPU in the group commit. */
const ROWS_PER_WRITE = 100;

/** A sum that cannot overflow (SQLite's integer sum() fails past 2^63); exact to 2^53. */
const total = sql<number>`sum(cast(amount_minor as double precision))`;

/**
 * A row keyed by its campaign's name (an Ads Manager export without Campaign ID) yields to the
 * same day, source and name keyed by an id (the pull's): one campaign's day, counted once.
 */
const notKeyedTwice = sql<boolean>`not (campaign = campaign_name and exists (
  select 1 from ad_spend as by_id where by_id.day = ad_spend.day and by_id.source = ad_spend.source
    and by_id.campaign_name = ad_spend.campaign_name and by_id.campaign <> by_id.campaign_name))`;

/** A mapped campaign's name in its latest spend row, else the campaign as mapped. */
const latestName = sql<string>`coalesce((select campaign_name from ad_spend
  where ad_spend.source = m.source and ad_spend.campaign = m.campaign
  order by day desc limit 1), m.campaign)`;

/** Spend rows, mappings and the ranges the report reads; one instance per server. */
export class SpendStore {
  constructor(
    private readonly db: Kysely<SpendTables>,
    private readonly writes: WriteQueue<SpendTables>,
  ) {}

  /**
   * Stores `rows`, each replacing its key, a few hundred per write so a large file never holds
   * other writes long; then `replaceDays`' other rows of the origin go. `audited` commits first.
   */
  async save(
    rows: readonly SpendRow[],
    origin: SpendOrigin,
    replaceDays?: { from: string; to: string },
    audited?: AlsoWrite,
  ): Promise<void> {
    const now = new Date().toISOString();
    // The pull is the server's own write: the clients' queue limit is not for it.
    const write = <T>(job: WriteJob<SpendTables, T>) =>
      origin === 'upload' ? this.writes.run(job) : this.writes.runInBackground(job);
    for (let at = 0; at < rows.length; at += ROWS_PER_WRITE) {
      const part = rows.slice(at, at + ROWS_PER_WRITE);
      await write(async (trx) => {
        await upsert(trx, part, origin, now);
        if (at === 0) await audited?.(trx);
      });
    }
    if (replaceDays) {
      await write((trx) =>
        trx
          .deleteFrom('ad_spend')
          .where('origin', '=', origin)
          .where('day', '>=', replaceDays.from)
          .where('day', '<=', replaceDays.to)
          .where('updated_at', '!=', now)
          .execute(),
      );
    }
  }

  /** The range's spend in `currency` (default: the most spent), every currency's total; the day
      `to` up to `before` pro rata, like this week's today (the Overview compares the two). */
  async inRange(range: DayRange & { before?: string | undefined }, currency?: string) {
    const partOfTo = range.before ? (Date.parse(range.before) % DAY_MS) / DAY_MS : 1;
    /** A campaign's spend of `day`; of the day `to`, the part before `before`. */
    const proRata = (day: string | null, spend: number) =>
      day === range.to ? Math.round(spend * partOfTo) : spend;
    const inRange = ({ from, to }: DayRange) =>
      this.db
        .selectFrom('ad_spend')
        .where('day', '>=', from)
        .where('day', '<=', to)
        .where(notKeyedTwice);
    // The day `to` per campaign, rounded as the campaigns' below: each currency's total agrees.
    const ofTo = (column: 'source' | 'campaign' | 'day') =>
      sql<string | null>`case when day = ${range.to} then ${sql.ref(column)} end`;
    const totals = new Map<string, number>();
    const pieces = readByWeeks(range, (piece) =>
      inRange(piece)
        .select(['currency', ofTo('day').as('lastDay'), total.as('spend')])
        // By its alias: PostgreSQL would not match the select's parameter to another.
        .groupBy(['currency', ofTo('source'), ofTo('campaign'), sql.ref('lastDay')])
        .execute(),
    );
    for await (const rows of pieces)
      for (const { currency: code, lastDay, spend } of rows)
        totals.set(code, (totals.get(code) ?? 0) + proRata(lastDay, spend));
    const currencies = [...totals]
      .map(([code, spend]) => ({ currency: code, spend }))
      .sort((a, b) => b.spend - a.spend || a.currency.localeCompare(b.currency));
    const mappings = await inTurn(() => this.mappings());
    const chosen = currency ?? currencies[0]?.currency ?? null;
    if (chosen === null) return { currency: null, currencies, campaigns: [], mappings };
    type Campaign = { source: string; campaign: string; campaignName: string; spend: number };
    const campaigns = new Map<string, Campaign & { days: { day: string; spend: number }[] }>();
    const perCampaign = readByWeeks(range, (piece) =>
      inRange(piece)
        .where('currency', '=', chosen)
        .select([
          'source',
          'campaign',
          'day',
          sql<string>`max(campaign_name)`.as('campaignName'),
          total.as('spend'),
        ])
        .groupBy(['source', 'campaign', 'day'])
        .execute(),
    );
    for await (const rows of perCampaign) {
      for (const { day, ...row } of rows) {
        row.spend = proRata(day, row.spend);
        const key = JSON.stringify([row.source, row.campaign]);
        const campaign = campaigns.get(key) ?? { ...row, spend: 0, days: [] };
        campaigns.set(key, campaign);
        // Each day's spend, which goes where that day's traffic went (decision 177).
        campaign.days.push({ day, spend: row.spend });
        campaign.spend += row.spend;
        // The greatest name of the range, as one max() over it would pick.
        if (row.campaignName > campaign.campaignName) campaign.campaignName = row.campaignName;
      }
    }
    return { currency: chosen, currencies, campaigns: [...campaigns.values()], mappings };
  }

  /** The mappings; `named`: with each campaign's latest name, as people read them. */
  mappings(named = false, db = this.db) {
    return db
      .selectFrom('ad_spend_mappings as m')
      .select(['m.utm_campaign as utmCampaign', 'm.source', 'm.campaign'])
      .$if(named, (query) => query.select(latestName.as('campaignName')))
      .orderBy('m.utm_campaign')
      .execute();
  }

  /** Saves a mapping; `audited`, told the campaign's latest name, commits with it. */
  saveMapping(mapping: SpendMapping, audited: AlsoWrite<string | undefined>): Promise<unknown> {
    const { utmCampaign, source, campaign } = mapping;
    const values = { source, campaign, updated_at: new Date().toISOString() };
    return this.writes.run(async (trx) => {
      await trx
        .insertInto('ad_spend_mappings')
        .values({ utm_campaign: utmCampaign, ...values })
        .onConflict((conflict) => conflict.column('utm_campaign').doUpdateSet(values))
        .execute();
      const saved = (await this.mappings(true, trx)).find((row) => row.utmCampaign === utmCampaign);
      return audited(trx, saved?.campaignName);
    });
  }

  /** Removes a mapping, `audited` with it; false if there is none. */
  deleteMapping(utmCampaign: string, audited: AlsoWrite): Promise<boolean> {
    return this.writes.run(async (trx) => {
      const result = await trx
        .deleteFrom('ad_spend_mappings')
        .where('utm_campaign', '=', utmCampaign)
        .executeTakeFirst();
      const removed = Number(result.numDeletedRows) > 0;
      if (removed) await audited(trx);
      return removed;
    });
  }
}

/** The store on the server's connection and write queue. */
export const spendStoreOf = (app: FastifyInstance) =>
  new SpendStore(tablesOf<SpendTables>(app.database.db), app.writeQueue.forTables<SpendTables>());

/** One statement's upsert: a row of the same day, source and campaign is replaced. */
function upsert(
  trx: Transaction<SpendTables>,
  rows: readonly SpendRow[],
  origin: SpendOrigin,
  now: string,
) {
  return trx
    .insertInto('ad_spend')
    .values(
      rows.map(({ campaignName, amountMinor, ...row }) => ({
        ...row,
        campaign_name: campaignName,
        amount_minor: amountMinor,
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
