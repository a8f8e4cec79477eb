import Fastify, { type FastifyInstance } from 'fastify';
import { adminPlugin } from './admin/admin-plugin';
import { backupsPlugin } from './backups/backups-plugin';
import { lockForStart } from './backups/restore-backup';
import {
  cancelUpcomingCalls,
  availabilityRoutes,
  bookedCalls,
  BookingStore,
  bookingsPlugin,
  bookPageState,
  callDeskRoutes,
  offersCall,
  screeningRoutes,
  ScreeningStore,
} from './bookings';
import { recordCallChange } from './admin/audit/audit-plugin';
import { conversionsPlugin } from './conversions';
import { SESSION_COOKIE } from './admin/auth/auth-plugin';
import type { RetentionSchedule } from './admin/people/person-data';
import { ephemeralMigrations, migrations } from './database';
import {
  FormHandoff,
  LEAD_FLOOD_LIMIT,
  leadProofKey,
  leadsPlugin,
  MailAllowance,
  PersonConfirmations,
  personMessagesPlugin,
  spamPlugin,
  StatusPage,
} from './leads';
import {
  notificationsPlugin,
  notifyDestinations,
  type NotificationWorkerSettings,
} from './notifications/notifications-plugin';
import { healthRoutes, metricsRoutes } from './operations/operator-routes';
import type { ServerConfig } from './config/config';
import { siteUrlWarning } from './config/config-summary';
import { databasePlugin } from './platform/database/database-plugin';
import type { OutboxDestination } from './platform/outbox/outbox-tables';
import type { WorkerSettings } from './platform/outbox/outbox-worker';
import { handleError, handleFrameworkError } from './platform/http/error-handler';
import { gracefulClose } from './platform/http/graceful-close';
import { logSerializers, OneLinePerRequest } from './platform/http/request-log';
import { metricsPlugin } from './platform/metrics/metrics';
import { tablesOf } from './platform/database/connection';
import { openApi } from './platform/http/openapi';
import { createMailer } from './platform/mail/mailer';
import { securityHeaders } from './platform/http/security-headers';
import { validatorCompiler } from './platform/http/validator-compiler';
import { siteCookies } from './platform/http/cookies';
import { BOOK_PATH } from '@shared/booking-view';
import { sitePlugin } from './site/site-plugin';
import { spendPlugin, spendRoutes, type SpendPullSettings } from './spend';
import { funnelRoutes, visitsPlugin } from './visits/visits-plugin';

export interface BuildAppOptions {
  config: ServerConfig;
  /** Pino logger options; tests pass false to keep output quiet. */
  logger?: boolean | Record<string, unknown>;
  /* The workers' and schedules' knobs, for tests (a faster poll, or none at all). */
  notificationWorker?: NotificationWorkerSettings;
  conversionWorker?: WorkerSettings;
  personWorker?: WorkerSettings;
  retention?: RetentionSchedule;
  spendPull?: SpendPullSettings & { enabled?: boolean };
  /** Bounds no operator changes (decision 147) are constants; tests pass others to reach them. */
  bounds?: {
    requestTimeoutMs?: number;
    statementTimeoutMs?: number;
    smtpTimeoutMs?: number;
    writeQueueLimit?: number;
    /** Also the visit beacon's. */
    leadFloodLimit?: number;
  };
}

/** Longest a client may take to send a whole request, headers and body (decision 105). */
const REQUEST_TIMEOUT_MS = 30_000;

/** The whole server: the platform, then each capability, the site last. */
export async function buildApp({
  config,
  logger,
  notificationWorker,
  conversionWorker,
  personWorker,
  retention,
  spendPull,
  bounds = {},
}: BuildAppOptions): Promise<FastifyInstance> {
  const requestTimeout = bounds.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof logger === 'object' ? logger : {}),
            serializers: logSerializers,
          },
    logController: new OneLinePerRequest(),
    bodyLimit: 16 * 1024,
    // While shutting down, new requests get 503 and requests in flight finish.
    return503OnClosing: true,
    frameworkErrors: handleFrameworkError,
    // Start-up waits for the database and its migrations: 10 s is too tight on a busy machine.
    pluginTimeout: 60_000,
    // Proxy headers (X-Forwarded-For/-Proto) are believed only when TRUST_PROXY says so.
    trustProxy: config.trustProxy,
    // A request arrives whole in time or gets 408; an idle connection closes after twice that.
    requestTimeout,
    connectionTimeout: requestTimeout * 2,
    http: {
      requestTimeout,
      headersTimeout: requestTimeout,
      connectionsCheckingInterval: Math.min(5000, Math.max(50, Math.round(requestTimeout / 4))),
    },
  });

  // The API takes JSON only: any other content type is answered 415 before a route runs.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler(handleError);
  app.setValidatorCompiler(validatorCompiler());
  // Starts anyway (a first try-out runs in production mode), but says so loudly.
  const siteWarning = siteUrlWarning(config);
  if (siteWarning) app.log.warn(siteWarning);

  await app.register(gracefulClose);
  // Before every route: it times each one (GET /metrics, docs/decisions/141).
  await app.register(metricsPlugin, { enabled: Boolean(config.metricsToken) });
  // First: it documents every route registered after it (GET /api/openapi.json).
  await app.register(openApi, {
    sessionCookie: SESSION_COOKIE,
    title: 'Talent Bridge API',
    description:
      'Public lead capture and the admin API. Errors answer {"error"}; bad input answers ' +
      '400 {"error","fields"} and changes nothing.',
  });
  await app.register(securityHeaders, { hsts: config.env === 'production' });
  // On SQLite, under the restore lock: never during a restore, nor with one swapping the file.
  const unlock = config.databaseUrl ? undefined : await lockForStart(config.dataDir);
  try {
    await app.register(databasePlugin, {
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      migrations,
      ephemeralMigrations,
      statementTimeoutMs: bounds.statementTimeoutMs,
      writeQueueLimit: bounds.writeQueueLimit,
    });
  } finally {
    await unlock?.();
  }

  await app.register(healthRoutes);
  await app.register(metricsRoutes, { token: config.metricsToken });
  // Scheduled SQLite backups (BACKUP_INTERVAL_HOURS); closed before the database.
  await app.register(backupsPlugin, { dataDir: config.dataDir, ...config.backup });
  // A no-JavaScript form's messages reach the next page through the database (another instance).
  const cookies = siteCookies(config.site.siteUrl);
  const formHandoff = new FormHandoff(cookies, app.database.ephemeral, (error) =>
    app.log.warn({ err: error }, 'deleting expired form flashes failed'),
  );
  await app.register(spamPlugin, { altcha: config.spam.altchaForms.length > 0, cookies });
  const bookings = new BookingStore(app, config.callRemindersMs, recordCallChange);
  const screening = new ScreeningStore(app);
  const offers = offersCall(bookings, screening);
  const statusPage = new StatusPage(
    tablesOf(app.database.db),
    leadProofKey(app.spamDefence.formTimeKey),
    formHandoff,
    config.site.siteUrl,
    offers,
    cancelUpcomingCalls(bookings),
  );
  // Where each new lead is announced (decision 095); its person's confirmation is capped (154).
  const notify = [
    ...notifyDestinations(config.notify),
    ...(config.conversions ? (['meta'] satisfies OutboxDestination[]) : []),
  ];
  const mailAllowance = new MailAllowance(app.spamDefence.formTimeKey);
  const confirmations = new PersonConfirmations(mailAllowance, {
    delayMs: config.personMessages.confirmationDelayMs,
    perAddress: config.leadRateLimit > 0,
  });
  await app.register(leadsPlugin, {
    formHandoff,
    statusPage,
    capture: { ...config.spam, rateLimit: config.leadRateLimit, floodLimit: bounds.leadFloodLimit },
    notify,
    assignNew: config.assignNewLeads,
    confirmations,
  });
  // One transport for every e-mail; its hook, added first, closes after every worker's (reverse).
  const mailer = createMailer({ ...config.mail, timeoutMs: bounds.smtpTimeoutMs }, config.dataDir);
  app.addHook('onClose', async () => mailer.close());
  app.log.info({ transport: mailer.kind }, 'mail transport');
  if (mailer.kind === 'outbox' && config.env === 'production')
    app.log.warn(
      'no mail transport (SMTP_URL or SENDGRID_API_KEY): e-mails are only written to DATA_DIR/outbox',
    );
  await app.register(personMessagesPlugin, {
    mailAllowance,
    perAddress: config.leadRateLimit > 0,
    mailer,
    context: config.site,
    ...config.personMessages,
    offersCall: offers,
    worker: personWorker,
  });
  await app.register(notificationsPlugin, {
    notify: config.notify,
    mailer,
    siteUrl: config.site.siteUrl,
    worker: notificationWorker,
  });
  await app.register(conversionsPlugin, {
    conversions: config.conversions,
    siteUrl: config.site.siteUrl,
    worker: conversionWorker,
  });
  await app.register(spendPlugin, { metaAds: config.metaAds, pull: spendPull });
  // The beacon and /book are limited per address like the lead routes, each on a budget of its own.
  const limit = bounds.leadFloodLimit ?? LEAD_FLOOD_LIMIT;
  const flood =
    config.leadRateLimit > 0 ? { counters: app.spamDefence.addressCounters, limit } : undefined;
  await app.register(visitsPlugin, { siteUrl: config.site.siteUrl, flood });
  await app.register(adminPlugin, {
    config,
    mailer,
    notify,
    confirmations,
    guardedRoutes: [
      funnelRoutes(bookedCalls),
      spendRoutes,
      availabilityRoutes,
      screeningRoutes,
      callDeskRoutes,
    ],
    retention,
    visitsNotCounted: (since) => app.visitCounter.notCountedSince(since),
    formHandoff,
    statusPage,
  });
  await app.register(bookingsPlugin, {
    store: bookings,
    screening,
    conversions: config.conversions !== undefined,
    page: statusPage,
    handoff: formHandoff,
    mailer,
    context: config.site,
    statusLinkDays: config.personMessages.statusLinkDays,
    worker: personWorker,
    flood,
    addressCap: flood && mailAllowance,
  });
  await app.register(sitePlugin, {
    pageStates: { [BOOK_PATH]: bookPageState(bookings, screening, statusPage) },
    clientDir: config.clientDir,
    siteUrl: config.site.siteUrl,
    runtime: config.runtime,
    formHandoff,
    statusPage,
  });
  return app;
}
