import { type LeadForm, leadForms } from '@shared/lead-vocabulary';
import path from 'node:path';
import { z } from 'zod';
import { CONSENT_MODES } from '@shared/runtime-config';
import { parseSiteConfig, SITE_SETTING_NAMES, type SiteConfig } from '@shared/site-config';
import { LOG_FORMAT_SETTINGS } from '../platform/logging/log-format';
import {
  commaList,
  isSafeTrustProxy,
  parseReminderDelays,
  parseTrustProxy,
  TRUST_EVERY_HOP,
  TRUST_PROXY_FORMS,
} from './setting-parsers';

/** Forms a visitor fills in; typeform-completed is sent by /typeform itself, with no widget. */
const ALTCHA_CAPABLE_FORMS = leadForms.filter((form) => form !== 'typeform-completed');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** When set, leads go to this PostgreSQL database instead of SQLite in DATA_DIR. */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: readable lines on a terminal, JSON otherwise (docs/decisions/142). */
  LOG_FORMAT: z.enum(LOG_FORMAT_SETTINGS).default('auto'),
  /** Where the built client lives; tests may point elsewhere. */
  CLIENT_DIR: z.string().min(1).default('./dist/client'),
  /** The admin password in clear (hashed in memory at start-up). */
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  /** The admin password as a scrypt hash (`npm run admin:hash-password`). */
  ADMIN_PASSWORD_HASH: z
    .string()
    .regex(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/, {
      error: 'must be a hash printed by npm run admin:hash-password',
    })
    .optional(),
  /** true: every admin account must set up a second factor (passkey or TOTP) before it sees a lead. */
  ADMIN_REQUIRE_MFA: z.enum(['true', 'false']).default('false'),
  /** Behind a reverse proxy: a hop count, or the proxies' addresses/subnets (comma-separated). */
  TRUST_PROXY: z
    .string()
    .refine((value) => value.trim().toLowerCase() !== 'true', { error: TRUST_EVERY_HOP })
    .refine(isSafeTrustProxy, { error: TRUST_PROXY_FORMS })
    .optional(),
  /** smtp:// or smtps:// URL of the mail server for the admin's form e-mails. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** SendGrid API key: mail goes through SendGrid's SMTP relay (when SMTP_URL is not set). */
  SENDGRID_API_KEY: z.string().min(1).optional(),
  /** Sender of the admin's form e-mails, e.g. 'Talent Bridge <hello@example.com>'. */
  MAIL_FROM: z.string().min(3).optional(),
  /** Addresses (comma-separated) told of each new lead by e-mail. */
  NOTIFY_EMAIL: z
    .string()
    .refine(
      (value) => value.split(',').every((address) => z.email().safeParse(address.trim()).success),
      { error: 'must be one or more e-mail addresses, comma-separated' },
    )
    .optional(),
  /** http(s) URL that receives each new lead as a signed Standard Webhooks POST. */
  NOTIFY_WEBHOOK_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  /** The webhook's signing secret, whsec_ followed by base64. */
  NOTIFY_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]{16,}={0,2}$/, {
      error: 'must be a Standard Webhooks secret: whsec_ followed by base64',
    })
    .optional(),
  /** Valid lead submissions a minute from one address before quarantine (0: no per-address limit). */
  LEAD_RATE_LIMIT: z.coerce.number().int().min(0).default(300),
  /** A form sent sooner than this after its page was first served is suspect (0: no time trap). */
  SPAM_MIN_FILL_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** Forms (comma-separated form names) that ask for an ALTCHA proof of work. */
  ALTCHA_FORMS: z
    .string()
    .refine(
      (value) =>
        commaList(value).every((name) =>
          (ALTCHA_CAPABLE_FORMS as readonly string[]).includes(name),
        ),
      { error: `must be form names, comma-separated: ${ALTCHA_CAPABLE_FORMS.join(', ')}` },
    )
    .optional(),
  /** Meta Pixel id: events go to the pixel (run time, no rebuild). Unset: only recorded. */
  META_PIXEL_ID: z
    .string()
    .regex(/^\d{5,20}$/, { error: 'must be the numeric id of a Meta Pixel' })
    .optional(),
  /** Conversions API access token: with META_PIXEL_ID, server-side events go to Meta. */
  META_CAPI_ACCESS_TOKEN: z.string().min(10, 'must be a Conversions API access token').optional(),
  /** Where the Graph API is: Meta's by default; tests and proxies point elsewhere. */
  META_GRAPH_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://graph.facebook.com'),
  /** Events Manager's test code: events show in its Test Events tab (and count nowhere else). */
  META_TEST_EVENT_CODE: z.string().max(100).optional(),
  /** Marketing API token (ads_read): with META_AD_ACCOUNT_ID, spend is pulled hourly. */
  META_ADS_ACCESS_TOKEN: z.string().min(10, 'must be a Marketing API access token').optional(),
  /** The ad account whose campaigns' spend is pulled: its number, with or without `act_`. */
  META_AD_ACCOUNT_ID: z
    .string()
    .regex(/^(act_)?\d{5,20}$/, { error: 'must be the numeric id of a Meta ad account' })
    .optional(),
  /** false: no custom event when the admin moves a candidate to qualified, enrolled or placed. */
  META_CAPI_STATUS_EVENTS: z.enum(['true', 'false']).default('true'),
  /** `notice` (default, CCPA opt-out link) or `opt-in` (consent banner before any tracking). */
  CONSENT_MODE: z.enum(CONSENT_MODES).default('notice'),
  /** https:// address of an external questionnaire (Fillout, Typeform) for /typeform. */
  QUESTIONNAIRE_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  /** Hours between the server's own SQLite backups (unset: only `npm run backup`). */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 366)
    .optional(),
  /** How many backups DATA_DIR/backups keeps; older ones are deleted after each backup. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  /** Bearer token for GET /metrics (Prometheus); unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Days a status-page link from one of our e-mails stays valid (issue 21). */
  STATUS_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** Delays after the form at which an unfinished candidate is reminded; empty: no reminders. */
  REMINDER_DELAYS: z
    .string()
    .regex(/^\s*\d+\s*[smhd]\s*(,\s*\d+\s*[smhd]\s*)*$/, {
      error: 'must be durations with a unit (s, m, h, d), comma-separated, e.g. 24h,72h',
    })
    .optional(),
  /** Leads not updated for this many days are erased, daily (unset: kept for ever). */
  RETENTION_DAYS: z.coerce.number().int().min(1).max(100_000).optional(),
  /** round-robin: each new lead goes in turn to an enabled recruiter; off: none. */
  ASSIGN_NEW_LEADS: z.enum(['off', 'round-robin']).default('off'),
});

/** Every environment variable the server reads (listed in .env.example and docs/configuration.md). */
export const SETTING_NAMES: readonly string[] = [
  ...Object.keys(envSchema.shape),
  ...SITE_SETTING_NAMES,
];

/**
 * The Graph API version of the events endpoint. A code change, not a setting: the events'
 * fields follow the version, so a new one is adopted (and tested) with the code.
 */
export const GRAPH_API_VERSION = 'v24.0';

/** Reminders unless REMINDER_DELAYS says otherwise: a day after the form, and three days after. */
const DEFAULT_REMINDER_DELAYS = '24h,72h';

/**
 * Reads and validates the environment once at start-up. Throws a readable error naming
 * every bad variable, so a misconfigured server never starts half-working.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const blankToUndefined = Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value?.trim() ? value : undefined]),
  );
  const parsed = envSchema.safeParse(blankToUndefined);
  let site: SiteConfig | undefined;
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      problems.push(`${issue.path.join('.')}: ${issue.message}`);
  }
  try {
    site = parseSiteConfig(env);
  } catch (error) {
    if (error instanceof z.ZodError) {
      for (const issue of error.issues)
        problems.push(`site ${issue.path.join('.')}: ${issue.message}`);
    } else throw error;
  }
  if (problems.length > 0 || !parsed.success || !site) {
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  const conflicts = [
    values.ADMIN_PASSWORD && values.ADMIN_PASSWORD_HASH
      ? 'ADMIN_PASSWORD and ADMIN_PASSWORD_HASH are both set: keep one'
      : '',
    Boolean(values.NOTIFY_WEBHOOK_URL) !== Boolean(values.NOTIFY_WEBHOOK_SECRET)
      ? 'NOTIFY_WEBHOOK_URL and NOTIFY_WEBHOOK_SECRET go together: set both or neither'
      : '',
    values.META_CAPI_ACCESS_TOKEN && !values.META_PIXEL_ID
      ? 'META_CAPI_ACCESS_TOKEN needs META_PIXEL_ID (the pixel the events belong to)'
      : '',
    Boolean(values.META_ADS_ACCESS_TOKEN) !== Boolean(values.META_AD_ACCOUNT_ID)
      ? 'META_ADS_ACCESS_TOKEN and META_AD_ACCOUNT_ID go together: set both or neither'
      : '',
  ].filter(Boolean);
  if (conflicts.length > 0) {
    throw new Error(`Invalid configuration:\n  ${conflicts.join('\n  ')}`);
  }
  const spam = {
    minFillMs: values.SPAM_MIN_FILL_MS,
    altchaForms: [...new Set(commaList(values.ALTCHA_FORMS) as LeadForm[])],
  };
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    /** PostgreSQL connection string; undefined means SQLite at dataDir/talent-bridge.sqlite. */
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT,
    clientDir: path.resolve(values.CLIENT_DIR),
    site,
    /** Neither set: a password is generated on first start (admin/auth/password-source.ts). */
    admin: { password: values.ADMIN_PASSWORD, hash: values.ADMIN_PASSWORD_HASH },
    /** ADMIN_REQUIRE_MFA: an account without a second factor must set one up first. */
    adminRequireMfa: values.ADMIN_REQUIRE_MFA === 'true',
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    mail: {
      smtpUrl: values.SMTP_URL,
      sendgridApiKey: values.SENDGRID_API_KEY,
      from: values.MAIL_FROM ?? `${site.brandName} <no-reply@${new URL(site.siteUrl).hostname}>`,
    },
    notify: {
      emails: commaList(values.NOTIFY_EMAIL),
      webhook:
        values.NOTIFY_WEBHOOK_URL && values.NOTIFY_WEBHOOK_SECRET
          ? { url: values.NOTIFY_WEBHOOK_URL, secret: values.NOTIFY_WEBHOOK_SECRET }
          : undefined,
    },
    /** Meta's Conversions API; undefined when no access token is set. */
    conversions:
      values.META_CAPI_ACCESS_TOKEN && values.META_PIXEL_ID
        ? {
            pixelId: values.META_PIXEL_ID,
            accessToken: values.META_CAPI_ACCESS_TOKEN,
            graphUrl: values.META_GRAPH_URL.replace(/\/+$/, ''),
            apiVersion: GRAPH_API_VERSION,
            testEventCode: values.META_TEST_EVENT_CODE,
            statusEvents: values.META_CAPI_STATUS_EVENTS === 'true',
          }
        : undefined,
    /** Meta's ad spend, pulled through the same Graph API as the Conversions API. */
    metaAds:
      values.META_ADS_ACCESS_TOKEN && values.META_AD_ACCOUNT_ID
        ? {
            accessToken: values.META_ADS_ACCESS_TOKEN,
            accountId: values.META_AD_ACCOUNT_ID.replace(/^act_/, ''),
            graphUrl: values.META_GRAPH_URL.replace(/\/+$/, ''),
            apiVersion: GRAPH_API_VERSION,
          }
        : undefined,
    leadRateLimit: values.LEAD_RATE_LIMIT,
    spam,
    backup: { intervalHours: values.BACKUP_INTERVAL_HOURS, keep: values.BACKUP_KEEP },
    metricsToken: values.METRICS_TOKEN,
    retentionDays: values.RETENTION_DAYS,
    /** New leads are handed in turn to the enabled recruiters. */
    assignNewLeads: values.ASSIGN_NEW_LEADS === 'round-robin',
    /** What the product says to the person after the form (issue 21). */
    personMessages: {
      statusLinkDays: values.STATUS_LINK_DAYS,
      // Set but empty (blank) turns reminders off; unset keeps the default.
      reminderDelaysMs: parseReminderDelays(
        env.REMINDER_DELAYS === undefined
          ? DEFAULT_REMINDER_DELAYS
          : (values.REMINDER_DELAYS ?? ''),
      ),
    },
    /** Public settings handed to the browser in every page (src/shared/runtime-config.ts). */
    runtime: {
      metaPixelId: values.META_PIXEL_ID ?? null,
      consentMode: values.CONSENT_MODE,
      questionnaireUrl: values.QUESTIONNAIRE_URL ?? null,
      ...(spam.altchaForms.length > 0 ? { altchaForms: spam.altchaForms } : {}),
    },
  };
}

/** The server's configuration, as loadConfig reads it. */
export type ServerConfig = ReturnType<typeof loadConfig>;
export type AdminPasswordConfig = ServerConfig['admin'];
export type NotifyConfig = ServerConfig['notify'];
export type ConversionsConfig = NonNullable<ServerConfig['conversions']>;
