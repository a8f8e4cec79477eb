import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { DAY_MS, isoDay } from '@shared/calendar-day';
import { tablesOf } from '../platform/database/connection';
import { messageOf } from '../platform/http/redact-secrets';
import { RepeatingTask } from '../platform/schedule/repeating-task';
import { fetchMetaSpend, type MetaAdsConfig } from './meta-insights';
import { spendStoreOf, type SpendStore } from './spend-store';
import type { SpendTables } from './spend-tables';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Days pulled each time: Meta revises the last days' figures for a while. */
const PULL_DAYS = 28;
/** A claim holds the pull this long: longer than any pull takes, so a crashed one is retaken. */
const LEASE_MS = 15 * MINUTE;

export interface SpendPullSettings {
  /** How often an instance asks whether a pull is due (default 1 minute). */
  pollMs?: number;
  /** First retry after a failure, doubled each time up to an hour (default 1 minute). */
  retryBaseMs?: number;
}

/** Meta's spend of the last 28 days, hourly (decision 165), by the instance that claims the pull. */
export class MetaSpendPull {
  readonly polling: RepeatingTask<void>;

  constructor(
    private readonly db: Kysely<SpendTables>,
    private readonly store: SpendStore,
    private readonly config: MetaAdsConfig,
    private readonly settings: SpendPullSettings & { onError: (error: unknown) => void },
  ) {
    this.polling = new RepeatingTask(
      () => this.runOnce(),
      () => settings.pollMs ?? MINUTE,
      settings.onError,
    );
  }

  /** One poll: pulls when due and no other instance holds the pull. */
  async runOnce(): Promise<void> {
    const claim = await this.claim(new Date());
    if (!claim) return;
    const now = Date.now();
    const from = isoDay(now - (PULL_DAYS - 1) * DAY_MS);
    const to = isoDay(now);
    const next = (delayMs: number) => new Date(Date.now() + delayMs).toISOString();
    const schedule = (values: Partial<SpendTables['ad_spend_pulls']>) =>
      this.db.updateTable('ad_spend_pulls').set(values).where('origin', '=', 'meta').execute();
    try {
      await this.store.save(await fetchMetaSpend(this.config, from, to), 'meta', { from, to });
    } catch (error) {
      const delay = Math.min((this.settings.retryBaseMs ?? MINUTE) * 2 ** claim.failures, HOUR);
      await schedule({
        next_pull_at: next(delay),
        failures: claim.failures + 1,
        last_error: messageOf(error),
      });
      throw error;
    }
    await schedule({
      next_pull_at: next(HOUR),
      failures: 0,
      last_error: null,
      last_success_at: new Date().toISOString(),
    });
  }

  /** The pull for this instance, if it is due (the first one at once). */
  private async claim(now: Date) {
    const at = now.toISOString();
    await this.db
      .insertInto('ad_spend_pulls')
      .values({ origin: 'meta', next_pull_at: at, failures: 0 })
      .onConflict((conflict) => conflict.column('origin').doNothing())
      .execute();
    return this.db
      .updateTable('ad_spend_pulls')
      .set({ next_pull_at: new Date(now.getTime() + LEASE_MS).toISOString(), last_attempt_at: at })
      .where('origin', '=', 'meta')
      .where('next_pull_at', '<=', at)
      .returning('failures')
      .executeTakeFirst();
  }
}

/** The pull's last failure, while no pull has succeeded since (the Delivery problems notice). */
export async function spendPullProblem(db: Kysely<SpendTables>) {
  const row = await db
    .selectFrom('ad_spend_pulls')
    .select(['last_error as error', 'failures', 'last_attempt_at as lastAttemptAt'])
    .where('origin', '=', 'meta')
    .executeTakeFirst();
  return row?.error ? { ...row, error: row.error, lastAttemptAt: row.lastAttemptAt ?? '' } : null;
}

/** The hourly pull of Meta's spend, when META_ADS_ACCESS_TOKEN and META_AD_ACCOUNT_ID are set. */
export const spendPlugin: FastifyPluginAsync<{
  /** Undefined: no pull, uploads only. */
  metaAds: MetaAdsConfig | undefined;
  pull?: SpendPullSettings & { enabled?: boolean };
}> = async (app, { metaAds, pull = {} }) => {
  if (!metaAds || pull.enabled === false) return;
  const db = tablesOf<SpendTables>(app.database.db);
  const { polling } = new MetaSpendPull(db, spendStoreOf(app), metaAds, {
    ...pull,
    // The message names Meta's answer, never the token or the address.
    onError: (error) => app.log.warn({ error: messageOf(error) }, 'Meta ad spend pull failed'),
  });
  app.addHook('onReady', async () => polling.start());
  app.addHook('onClose', async () => polling.stop());
  app.log.info({ apiVersion: metaAds.apiVersion }, 'Meta ad spend pull on');
};
