import type { FastifyPluginAsync } from 'fastify';
import { configurationItemKeys, type StorageFigures } from '@shared/admin-configuration';
import type { ServerConfig } from '../../config/config';
import { configurationSummary } from '../../config/config-summary';
import { arrayOfObjects } from '../../platform/http/api-schemas';

/** Every field of `AdminConfiguration` (src/shared/admin-configuration.ts): it also serializes. */
const configurationBody = {
  type: 'object',
  description: 'The settings in words: states and public facts, never a secret',
  properties: {
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
    storage: {
      type: 'object',
      description: 'What the storage bounds hold and dropped (decision 152)',
      properties: {
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
      required: ['quarantined', 'quarantineDropped', 'visitsNotCounted', 'days'],
    },
  },
  required: ['production', 'warnings', 'items', 'storage'],
} as const;

/**
 * GET /api/admin/configuration: the admin's Configuration panel (docs/decisions/142). The
 * settings are read once at start-up, so their part is computed once; `storage` is counted.
 */
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
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { ...configuration, storage: await storage() };
    },
  );
};
