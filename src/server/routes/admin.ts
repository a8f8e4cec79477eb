import type { FastifyPluginAsync } from 'fastify';
import type { ServerConfig } from '../config';
import { AdminQueries } from '../db/admin-queries';
import { createMailer } from '../email/mailer';
import { adminAuthPlugin } from '../plugins/admin-auth';
import { adminAuthRoutes } from './admin-auth';
import { adminEmailRoutes } from './admin-email';
import { adminExportRoutes } from './admin-export';
import { adminLeadRoutes } from './admin-leads';
import { adminOverviewRoutes } from './admin-overview';

/**
 * The admin area's API (issue 4). Sign-in routes are open; everything registered inside the
 * guarded scope answers 401 without a valid session and, when it changes state, 403 to a
 * foreign Origin.
 */
export const adminRoutes: FastifyPluginAsync<{ config: ServerConfig }> = async (
  app,
  { config },
) => {
  await app.register(adminAuthPlugin, {
    admin: config.admin,
    dataDir: config.dataDir,
    siteUrl: config.site.siteUrl,
  });
  await app.register(adminAuthRoutes);

  const queries = new AdminQueries(app.database.db, app.database.dialect, {
    openReader: app.database.openReader,
  });
  // Planner statistics for the dashboard's queries (SQLite): now, then every hour.
  await queries.refreshStatistics();
  const statistics = setInterval(
    () => {
      queries
        .refreshStatistics()
        .catch((error: unknown) => app.log.warn({ err: error }, 'pragma optimize failed'));
    },
    60 * 60 * 1000,
  );
  statistics.unref();
  app.addHook('onClose', async () => clearInterval(statistics));
  const mailer = createMailer(config.mail, config.dataDir);
  app.addHook('onClose', async () => mailer.close());
  app.log.info({ transport: mailer.kind }, 'admin mail transport');

  await app.register(async (guarded) => {
    guarded.addHook('onRequest', app.adminAuth.guard);
    await guarded.register(adminLeadRoutes, { queries });
    await guarded.register(adminExportRoutes, { queries });
    await guarded.register(adminOverviewRoutes, { queries });
    await guarded.register(adminEmailRoutes, {
      queries,
      mailer,
      brandName: config.site.brandName,
      siteUrl: config.site.siteUrl,
    });
  });
};
