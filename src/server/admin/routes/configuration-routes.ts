import type { FastifyPluginAsync } from 'fastify';
import { configurationItemKeys } from '@shared/admin-configuration';
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
  },
  required: ['production', 'warnings', 'items'],
} as const;

/**
 * GET /api/admin/configuration: the admin's Configuration panel (docs/decisions/143). The
 * settings are read once at start-up, so the answer is computed once.
 */
export const configurationRoutes: FastifyPluginAsync<{ config: ServerConfig }> = async (
  app,
  { config },
) => {
  const configuration = configurationSummary(config);
  app.get(
    '/api/admin/configuration',
    {
      schema: {
        summary:
          "The server's settings as states (public address, mail, pixel, conversions, backups, metrics)",
        response: { 200: configurationBody },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return configuration;
    },
  );
};
