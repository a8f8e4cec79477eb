import { type LeadForm, leadForms } from '@shared/lead-vocabulary';
import path from 'node:path';
import { z } from 'zod';
import { CONSENT_MODES } from '@shared/runtime-config';
import { readSettings, refuseSettings } from '@shared/settings';
import { httpUrl, siteConfigOf, siteSettings } from '@shared/site-config';
import { LOG_FORMAT_SETTINGS } from '../platform/logging/log-format';
import {
  commaList,
  HOST_FORMS,
  isHostForm,
  isSafeTrustProxy,
  parseDuration,
  parseReminderDelays,
  parseTrustProxy,
  TRUST_EVERY_HOP,
  TRUST_PROXY_FORMS,
} from './setting-parsers';

/** Forms a visitor fills in; typeform-completed is sent by /typeform itself, with no widget. */
const ALTCHA_CAPABLE_FORMS: readonly string[] = leadForms.filter((f) => f !== 'typeform-completed');

/** The confirmation waits at most a day: it answers a form. */
const MAX_CONFIRMATION_DELAY_MS = 86_400_000;

/** An optional setting that must match `pattern` whole. */
const matching = (pattern: RegExp, error: string) => z.string().regex(pattern, error).optional();

/** Reminders' delays: `example` is what the message suggests. */
const durationList = (example: string) =>
  z.string().regex(/^\s*\d+\s*[smhd]\s*(,\s*\d+\s*[smhd]\s*)*$/, {
    error: `must be durations with a unit (s, m, h, d), comma-separated, e.g. ${example}`,
  });

/** Every setting, as docs/configuration.md and .env.example describe it. */
const envSchema = z.object({
  ...siteSettings,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).refine(isHostForm, { error: HOST_FORMS }).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(LOG_FORMAT_SETTINGS).default('auto'),
  CLIENT_DIR: z.string().min(1).default('./dist/client'),
  ADMIN_PASSWORD: z.string().min(12).optional(),
  ADMIN_PASSWORD_HASH: matching(
    /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/,
    'must be a hash printed by npm run admin:hash-password',
  ),
  ADMIN_REQUIRE_MFA: z.enum(['true', 'false']).default('false'),
  TRUST_PROXY: z
    .string()
    .refine((value) => value.trim().toLowerCase() !== 'true', { error: TRUST_EVERY_HOP })
    .refine(isSafeTrustProxy, { error: TRUST_PROXY_FORMS })
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  SENDGRID_API_KEY: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  NOTIFY_EMAIL: z
    .string()
    .refine(
      (value) => value.split(',').every((address) => z.email().safeParse(address.trim()).success),
      { error: 'must be one or more e-mail addresses, comma-separated' },
    )
    .optional(),
  NOTIFY_WEBHOOK_URL: httpUrl.optional(),
  NOTIFY_WEBHOOK_SECRET: matching(
    /^whsec_[A-Za-z0-9+/]{16,}={0,2}$/,
    'must be a Standard Webhooks secret: whsec_ followed by base64',
  ),
  LEAD_RATE_LIMIT: z.coerce.number().int().min(0).default(300),
  SPAM_MIN_FILL_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  ALTCHA_FORMS: z
    .string()
    .refine((value) => commaList(value).every((name) => ALTCHA_CAPABLE_FORMS.includes(name)), {
      error: `must be form names, comma-separated: ${ALTCHA_CAPABLE_FORMS.join(', ')}`,
    })
    .optional(),
  META_PIXEL_ID: matching(/^\d{5,20}$/, 'must be the numeric id of a Meta Pixel'),
  META_CAPI_ACCESS_TOKEN: z.string().min(10, 'must be a Conversions API access token').optional(),
  META_GRAPH_URL: httpUrl.default('https://graph.facebook.com'),
  META_TEST_EVENT_CODE: z.string().max(100).optional(),
  META_ADS_ACCESS_TOKEN: z.string().min(10, 'must be a Marketing API access token').optional(),
  META_AD_ACCOUNT_ID: matching(/^(act_)?\d{5,20}$/, 'must be the numeric id of a Meta ad account'),
  META_CAPI_STATUS_EVENTS: z.enum(['true', 'false']).default('true'),
  CONSENT_MODE: z.enum(CONSENT_MODES).default('notice'),
  QUESTIONNAIRE_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  BACKUP_INTERVAL_HOURS: z.coerce.number().positive().max(8784).optional(), // at most a year
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  METRICS_TOKEN: z.string().min(16).optional(),
  STATUS_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  REMINDER_DELAYS: durationList('24h,72h').optional(),
  CALL_REMINDERS: durationList('24h,2h').optional(),
  CONFIRMATION_DELAY: z
    .string()
    .regex(/^\s*\d+\s*[smh]\s*$/, 'must be one duration with a unit (s, m, h), e.g. 15m')
    .refine((value) => parseDuration(value) <= MAX_CONFIRMATION_DELAY_MS, 'must be at most 24h')
    .default('15m'),
  RETENTION_DAYS: z.coerce.number().int().min(1).max(100_000).optional(),
  ASSIGN_NEW_LEADS: z.enum(['off', 'round-robin']).default('off'),
});

/** Every environment variable the server reads (listed in .env.example and docs/configuration.md). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

/** A code change, not a setting: the events' fields follow the Graph API's version. */
const GRAPH_API_VERSION = 'v24.0';

/** Reads the environment once at start-up; throws naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const values = readSettings(envSchema, env);
  const site = siteConfigOf(values);
  const together = (a: keyof typeof values, b: keyof typeof values) =>
    Boolean(values[a]) !== Boolean(values[b])
      ? `${a} and ${b} go together: set both or neither`
      : '';
  refuseSettings(
    [
      values.ADMIN_PASSWORD && values.ADMIN_PASSWORD_HASH
        ? 'ADMIN_PASSWORD and ADMIN_PASSWORD_HASH are both set: keep one'
        : '',
      together('NOTIFY_WEBHOOK_URL', 'NOTIFY_WEBHOOK_SECRET'),
      values.META_CAPI_ACCESS_TOKEN && !values.META_PIXEL_ID
        ? 'META_CAPI_ACCESS_TOKEN needs META_PIXEL_ID (the pixel the events belong to)'
        : '',
      together('META_ADS_ACCESS_TOKEN', 'META_AD_ACCOUNT_ID'),
    ].filter(Boolean),
  );
  const graph = {
    graphUrl: values.META_GRAPH_URL.replace(/\/+$/, ''),
    apiVersion: GRAPH_API_VERSION,
  };
  // Set but empty (blank) turns reminders off; unset keeps the default.
  const delaysMs = (name: 'REMINDER_DELAYS' | 'CALL_REMINDERS', byDefault: string) =>
    parseReminderDelays(env[name] === undefined ? byDefault : (values[name] ?? ''));
  const spam = {
    minFillMs: values.SPAM_MIN_FILL_MS,
    altchaForms: [...new Set(commaList(values.ALTCHA_FORMS) as LeadForm[])],
  };
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT,
    clientDir: path.resolve(values.CLIENT_DIR),
    site,
    /** Neither set: a password is generated on first start (admin/auth/password-source.ts). */
    admin: { password: values.ADMIN_PASSWORD, hash: values.ADMIN_PASSWORD_HASH },
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
    conversions:
      values.META_CAPI_ACCESS_TOKEN && values.META_PIXEL_ID
        ? {
            pixelId: values.META_PIXEL_ID,
            accessToken: values.META_CAPI_ACCESS_TOKEN,
            ...graph,
            testEventCode: values.META_TEST_EVENT_CODE,
            statusEvents: values.META_CAPI_STATUS_EVENTS === 'true',
          }
        : undefined,
    metaAds:
      values.META_ADS_ACCESS_TOKEN && values.META_AD_ACCOUNT_ID
        ? {
            accessToken: values.META_ADS_ACCESS_TOKEN,
            accountId: values.META_AD_ACCOUNT_ID.replace(/^act_/, ''),
            ...graph,
          }
        : undefined,
    leadRateLimit: values.LEAD_RATE_LIMIT,
    spam,
    backup: { intervalHours: values.BACKUP_INTERVAL_HOURS, keep: values.BACKUP_KEEP },
    metricsToken: values.METRICS_TOKEN,
    retentionDays: values.RETENTION_DAYS,
    assignNewLeads: values.ASSIGN_NEW_LEADS === 'round-robin',
    personMessages: {
      statusLinkDays: values.STATUS_LINK_DAYS,
      confirmationDelayMs: parseDuration(values.CONFIRMATION_DELAY),
      reminderDelaysMs: delaysMs('REMINDER_DELAYS', '24h,72h'),
    },
    /** How long before a booked call each reminder goes. */
    callRemindersMs: delaysMs('CALL_REMINDERS', '24h,2h'),
    /** Public settings handed to the browser in every page (src/shared/runtime-config.ts). */
    runtime: {
      metaPixelId: values.META_PIXEL_ID ?? null,
      consentMode: values.CONSENT_MODE,
      questionnaireUrl: values.QUESTIONNAIRE_URL ?? null,
      ...(spam.altchaForms.length > 0 ? { altchaForms: spam.altchaForms } : {}),
    },
  };
}

export type ServerConfig = ReturnType<typeof loadConfig>;
export type AdminPasswordConfig = ServerConfig['admin'];
export type NotifyConfig = ServerConfig['notify'];
export type ConversionsConfig = NonNullable<ServerConfig['conversions']>;
