import type { FastifyPluginAsync } from 'fastify';
import { configurationSchema, type StorageFigures } from '@shared/admin-configuration';
import type { ServerConfig } from '../../config/config';
import { configurationSummary } from '../../config/config-summary';

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
        response: { 200: configurationSchema },
      },
    },
    async () => ({ ...configuration, storage: await storage() }),
  );
};
