import type { FastifyPluginAsync } from 'fastify';
import { tablesOf } from '../platform/database/connection';
import type { MetaAdsConfig } from './meta-insights';
import { MetaSpendPull, type SpendPullSettings } from './spend-pull';
import { SpendStore } from './spend-store';
import type { SpendTables } from './spend-tables';

export interface SpendOptions {
  /** META_ADS_ACCESS_TOKEN and META_AD_ACCOUNT_ID; undefined: no pull, uploads only. */
  metaAds: MetaAdsConfig | undefined;
  pull?: SpendPullSettings & { enabled?: boolean };
}

export const spendPlugin: FastifyPluginAsync<SpendOptions> = async (
  app,
  { metaAds, pull = {} },
) => {
  if (!metaAds || pull.enabled === false) return;
  const db = tablesOf<SpendTables>(app.database.db);
  const worker = new MetaSpendPull(
    db,
    new SpendStore(db, app.writeQueue.forTables<SpendTables>()),
    metaAds,
    {
      ...pull,
      // The message names Meta's answer, never the token or the address.
      onError: (error) =>
        app.log.warn(
          { error: error instanceof Error ? error.message : String(error) },
          'Meta ad spend pull failed',
        ),
    },
  );
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
  app.log.info({ apiVersion: metaAds.apiVersion }, 'Meta ad spend pull on');
};
