import path from 'node:path';
import type {
  AdminConfiguration,
  ConfigurationItem,
  ConfigurationState,
} from '@shared/admin-configuration';
import type { ServerConfig } from './config';

/* The configuration in words (decision 142): states and public facts only, never credentials. */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The warning of a production server whose public address is still a local one. */
export function siteUrlWarning(config: ServerConfig): string | undefined {
  if (config.env !== 'production') return undefined;
  const { hostname } = new URL(config.site.siteUrl);
  if (!LOOPBACK_HOSTS.has(hostname) && !hostname.endsWith('.localhost')) return undefined;
  return (
    `SITE_URL is ${config.site.siteUrl} in production: canonical links, the sitemap, share ` +
    'cards, notification links and the session cookie are made for that local address. Set ' +
    'SITE_URL to the public https:// origin and restart.'
  );
}

/** Where the data is: the SQLite file, or PostgreSQL's host and database (no user or password). */
export function databaseSummary(config: ServerConfig, sqliteFileName: string): string {
  if (!config.databaseUrl) return `SQLite ${path.join(config.dataDir, sqliteFileName)}`;
  const url = new URL(config.databaseUrl);
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default database)';
  return `PostgreSQL ${url.host} database ${database}`;
}

/** How e-mail leaves: the SMTP server's host and port only, SendGrid, or files. */
function mailSummary(config: ServerConfig): { state: 'on' | 'warning'; summary: string } {
  const { smtpUrl, sendgridApiKey } = config.mail;
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    return { state: 'on', summary: `SMTP server ${url.host}` };
  }
  if (sendgridApiKey) return { state: 'on', summary: 'SendGrid (smtp.sendgrid.net)' };
  const files = `written as files in ${path.join(config.dataDir, 'outbox')}, not sent`;
  return config.env === 'production'
    ? { state: 'warning', summary: `No mail transport: e-mails are ${files}` }
    : { state: 'on', summary: `E-mails are ${files}` };
}

function backupSummary(config: ServerConfig): ConfigurationItem {
  const { intervalHours, keep } = config.backup;
  const where = path.join(config.dataDir, 'backups');
  const [state, summary]: [ConfigurationState, string] = config.databaseUrl
    ? ['off', 'PostgreSQL: back up with pg_dump (npm run backup is for SQLite)']
    : intervalHours
      ? ['on', `Every ${intervalHours} h, the newest ${keep} kept in ${where}`]
      : ['off', `On demand only (npm run backup), the newest ${keep} kept in ${where}`];
  const settings = ['BACKUP_INTERVAL_HOURS', 'BACKUP_KEEP'];
  return { key: 'backups', label: 'Backups', state, summary, settings };
}

/** The privacy page promises erasure after 24 months without a new form. */
const POLICY_RETENTION_DAYS = 730;

function retentionSummary(config: ServerConfig): ConfigurationItem {
  const days = config.retentionDays;
  const [state, summary]: [ConfigurationState, string] = days
    ? ['on', `Leads without a new form for ${days} days are erased daily`]
    : config.env === 'production'
      ? [
          'warning',
          'RETENTION_DAYS is unset: leads are kept for ever, but the privacy policy says they ' +
            `are erased after 24 months without a new form. Set RETENTION_DAYS=${POLICY_RETENTION_DAYS}.`,
        ]
      : ['off', 'Off: leads are kept for ever'];
  return { key: 'retention', label: 'Retention', state, summary, settings: ['RETENTION_DAYS'] };
}

/** Every item of the admin's Configuration panel, warnings first in `warnings`. */
export function configurationSummary(config: ServerConfig): Omit<AdminConfiguration, 'storage'> {
  const siteWarning = siteUrlWarning(config);
  const mail = mailSummary(config);
  const pixelId = config.runtime.metaPixelId;
  const conversions = config.conversions;
  const items: ConfigurationItem[] = [
    {
      key: 'site-url',
      label: 'Public address',
      state: siteWarning ? 'warning' : 'ok',
      summary: siteWarning ?? config.site.siteUrl,
      settings: ['SITE_URL'],
    },
    { key: 'mail', label: 'Mail transport', ...mail, settings: ['SMTP_URL', 'SENDGRID_API_KEY'] },
    {
      key: 'pixel',
      label: 'Meta Pixel',
      state: pixelId ? 'on' : 'off',
      summary: pixelId
        ? `Pixel ${pixelId}, consent mode ${config.runtime.consentMode}`
        : 'Off: events are only recorded in the page',
      settings: ['META_PIXEL_ID', 'CONSENT_MODE'],
    },
    {
      key: 'conversions',
      label: 'Conversions API',
      state: conversions ? 'on' : 'off',
      summary: conversions
        ? `On: lead events go to Meta (Graph API ${conversions.apiVersion}` +
          `${conversions.testEventCode ? ', test events only' : ''}` +
          `${conversions.statusEvents ? ', with status events' : ''})`
        : 'Off: no server-side events (needs META_CAPI_ACCESS_TOKEN and META_PIXEL_ID)',
      settings: ['META_CAPI_ACCESS_TOKEN', 'META_TEST_EVENT_CODE'],
    },
    backupSummary(config),
    {
      key: 'metrics',
      label: 'Metrics',
      state: config.metricsToken ? 'on' : 'off',
      summary: config.metricsToken
        ? 'On: GET /metrics with the bearer token (Prometheus format)'
        : 'Off: GET /metrics answers 404',
      settings: ['METRICS_TOKEN'],
    },
    retentionSummary(config),
  ];
  return {
    production: config.env === 'production',
    warnings: items.filter((item) => item.state === 'warning').map((item) => item.summary),
    items,
  };
}
