import type { FastifyPluginAsync } from 'fastify';
import { configurationSchema } from '@shared/admin-configuration';
import { overviewSchema } from '@shared/admin-overview';
import type { ServerConfig } from '../config/config';
import { configurationSummary } from '../config/config-summary';
import type { Mailer } from '../platform/mail/mailer';
import { auditPlugin, auditRoutes } from './audit/audit-plugin';
import { bulkRoutes } from './routes/bulk-routes';
import { adminAuthPlugin } from './auth/auth-plugin';
import { adminAuthRoutes } from './auth/auth-routes';
import { documentGuardedRoute } from './auth/route-permission';
import { adminSessionRoutes } from './auth/session-routes';
import { accountRoutes, invitationRoutes } from './auth/account-routes';
import { AdminAccounts } from './auth/accounts';
import type { AccountTables } from './auth/invitation-writes';
import { invitationSender } from './auth/invitation-mail';
import { startOutboxWorker } from '../platform/outbox/outbox-worker';
import { factorRoutes } from './factors/factor-routes';
import { factorsPlugin } from './factors/factors-plugin';
import { factorSignInRoutes } from './factors/sign-in-routes';
import { personDataRoutes } from './people/person-data-routes';
import {
  dailyRetention,
  PersonData,
  retentionTask,
  type RetentionSchedule,
} from './people/person-data';
import { deliveriesRoutes } from './routes/deliveries-routes';
import { assigneesSchema, drawerRoutes } from './routes/drawer-routes';
import { duplicateRoutes } from './routes/duplicate-routes';
import { emailRoutes } from './routes/email-routes';
import { exportRoutes } from './routes/export-routes';
import {
  adminApi,
  LeadDesk,
  type FormHandoff,
  type PersonConfirmations,
  type StatusPage,
} from '../leads';
import { tablesOf } from '../platform/database/connection';
import { personStatusRoutes } from './people/person-status-routes';
import type { OutboxDestination } from '../platform/outbox/outbox-tables';
import { boardRoutes, listingRoutes } from './routes/listing-routes';
import { messageTemplateRoutes } from './routes/message-template-routes';
import { pipelineRoutes } from './routes/pipeline-routes';
import { quarantineRoutes } from './routes/quarantine-routes';

/** The admin area's API: sign-in routes are open, the rest guarded (401, 403 cross-site). */
interface AdminOptions {
  config: ServerConfig;
  /** Where a lead released from quarantine is announced, and its person's confirmation. */
  notify: readonly OutboxDestination[];
  confirmations: PersonConfirmations;
  /** Other capabilities' admin routes (the visit funnel), registered behind the guard. */
  guardedRoutes: readonly FastifyPluginAsync[];
  /** When RETENTION_DAYS erases (default: a minute after start, then daily; tests: sooner). */
  retention?: RetentionSchedule | undefined;
  mailer: Mailer;
  /** Visits not counted since a UTC day, past an address's bound (the visit counter's). */
  visitsNotCounted: (since: string) => Promise<number>;
  statusPage: StatusPage;
  formHandoff: FormHandoff;
}

export const adminPlugin: FastifyPluginAsync<AdminOptions> = async (app, options) => {
  const { config, statusPage, formHandoff, retention = dailyRetention } = options;
  await app.register(adminAuthPlugin, { config });
  await app.register(factorsPlugin, { config });
  await app.register(auditPlugin);
  const { database } = app;
  const accounts = new AdminAccounts(
    tablesOf<AccountTables>(database.db),
    app.adminAuth.passwordHash,
  );
  await app.register(adminAuthRoutes, { accounts });
  await app.register(factorSignInRoutes);
  await app.register(invitationRoutes, { accounts });

  const desk = new LeadDesk(database, {
    statusEvents: Boolean(config.conversions?.statusEvents),
    notify: options.notify,
    assignNew: config.assignNewLeads,
    confirmations: options.confirmations,
    cancelCall: statusPage.cancelCall,
  });
  const people = new PersonData(database.db, database.dialect, config.dataDir, desk.people);
  if (config.retentionDays !== undefined) {
    const { retentionDays } = config;
    const expiry = retentionTask(people, retentionDays, app.audit, app.log, retention.intervalMs);
    expiry.start(retention.firstRunMs);
    app.addHook('onClose', () => expiry.stop());
  }
  await desk.start((error) =>
    app.log.warn({ err: error }, 'hourly upkeep (statistics, quarantine expiry) failed'),
  );
  app.addHook('onClose', async () => desk.stop());
  const { mailer } = options;
  startOutboxWorker(app, 'invitation', {
    senders: { admin: invitationSender(accounts, mailer, config.site) },
  });

  // Public: the person's own erasure and copy, proven by their status page's cookie, not a session.
  await app.register(personStatusRoutes, { people, desk, page: statusPage, handoff: formHandoff });

  await app.register(async (guarded) => {
    guarded.addHook('onRequest', app.adminAuth.guard);
    guarded.addHook('onRoute', documentGuardedRoute);
    await guarded.register(adminSessionRoutes);
    await guarded.register(factorRoutes);
    await guarded.register(auditRoutes, { desk });
    await guarded.register(accountRoutes, { accounts });
    const deskRoutes = [listingRoutes, boardRoutes, exportRoutes, pipelineRoutes, bulkRoutes];
    const leadRoutes = [duplicateRoutes, drawerRoutes, quarantineRoutes, messageTemplateRoutes];
    for (const routes of [...deskRoutes, ...leadRoutes]) await guarded.register(routes, { desk });
    guarded.get('/api/admin/overview', { schema: { response: { 200: overviewSchema } } }, () =>
      desk.overview.figures(),
    );
    guarded.get('/api/admin/assignees', { schema: { response: { 200: assigneesSchema } } }, () =>
      adminApi.listAssignees(database.db),
    );
    await guarded.register(deliveriesRoutes);
    await guarded.register(personDataRoutes, { people });
    const configuration = configurationSummary(config);
    guarded.get(
      '/api/admin/configuration',
      {
        schema: {
          summary:
            "The server's settings as states (public address, mail, pixel, conversions, backups, " +
            'metrics), and what the storage bounds hold',
          response: { 200: configurationSchema },
        },
      },
      async () => {
        const quarantine = await desk.quarantine.figures();
        const storage = {
          quarantined: quarantine.held,
          quarantineDropped: quarantine.dropped,
          visitsNotCounted: await options.visitsNotCounted(quarantine.since),
          days: quarantine.days,
        };
        return { ...configuration, storage };
      },
    );
    await guarded.register(emailRoutes, { desk, mailer, config });
    for (const routes of options.guardedRoutes) await guarded.register(routes);
  });
};
