// GET /api/admin/configuration (decision 143): states and public facts only, never a secret.

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
