/*
 * GET /api/admin/configuration: the server's settings as the admin's Configuration panel shows
 * them (docs/decisions/143), typed once for both sides. States and public facts only: never a
 * secret (no token, key, password or credential of a URL).
 */

export const configurationItemKeys = [
  'site-url',
  'mail',
  'pixel',
  'conversions',
  'backups',
  'metrics',
  'retention',
] as const;
export type ConfigurationItemKey = (typeof configurationItemKeys)[number];

/** ok / on: set up; off: not used (a choice); warning: needs the operator's attention. */
export type ConfigurationState = 'ok' | 'on' | 'off' | 'warning';

export interface ConfigurationItem {
  key: ConfigurationItemKey;
  /** What it is, e.g. "Mail transport". */
  label: string;
  state: ConfigurationState;
  /** Its state in words, e.g. "SMTP server mail.example.com:587". */
  summary: string;
  /** The environment variables that change it. */
  settings: string[];
}

export interface AdminConfiguration {
  /** NODE_ENV=production (npm start). */
  production: boolean;
  /** What needs attention, loudest first (also in `items` with state "warning"). */
  warnings: string[];
  items: ConfigurationItem[];
}
