import type { FastifyPluginAsync } from 'fastify';
import { configurationItemKeys, type StorageFigures } from '@shared/admin-configuration';
import type { ServerConfig } from '../../config/config';
import { configurationSummary } from '../../config/config-summary';
import { arrayOfObjects, objectOf } from '../../platform/http/api-schemas';

/** Every field of `AdminConfiguration` (src/shared/admin-configuration.ts): it also serializes. */
const configurationBody = objectOf(
  {
    production: { type: 'boolean', description: 'NODE_ENV=production' },
    warnings: {
      type: 'array',
      description: 'What needs attention (SITE_URL still local in production, no mail transport)',
      items: { type: 'string' },
    },
    items: arrayOfObjects(
      {
        key: { type: 'string', enum: [...configurationItemKeys] },
        label: { type: 'string' },
        state: { type: 'string', enum: ['ok', 'on', 'off', 'warning'] },
        summary: { type: 'string' },
        settings: { type: 'array', items: { type: 'string' } },
      },
      true,
    ),
    storage: objectOf(
      {
        quarantined: { type: 'integer', description: 'Forms held in quarantine now' },
        quarantineDropped: {
          type: 'integer',
          description: 'Quarantined forms counted, not kept (an address past 100 a day)',
        },
        visitsNotCounted: {
          type: 'integer',
          description: 'Visits not counted (an address past 50 new visitors a day)',
        },
        days: { type: 'integer', description: 'The two counts cover this many days' },
      },
      'What the storage bounds hold and dropped (decision 152)',
    ),
  },
  'The settings in words: states and public facts, never a secret',
);

/** The Configuration panel: settings summed up once, `storage` counted. */
export const configurationRoutes: FastifyPluginAsync<{
  config: ServerConfig;
  storage: () => Promise<StorageFigures>;
}> = async (app, { config, storage }) => {
  const configuration = configurationSummary(config);
  app.get(
    '/api/admin/configuration',
    {
      schema: {
        summary:
          "The server's settings as states (public address, mail, pixel, conversions, backups, " +
          'metrics), and what the storage bounds hold',
        response: { 200: configurationBody },
      },
    },
    async () => ({ ...configuration, storage: await storage() }),
  );
};
