// GET /api/admin/configuration (decision 142): states and public facts only, never a secret.

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

/** What the storage bounds hold and what they dropped. */
export interface StorageFigures {
  /** Forms held in quarantine now. */
  quarantined: number;
  /** Quarantined forms counted but not kept (an address past 100 a day), in the last `days` days. */
  quarantineDropped: number;
  /** Visits not counted (an address past 50 new visitors a day), in the last `days` days. */
  visitsNotCounted: number;
  /** The period of the two counts: as long as a quarantined form is kept. */
  days: number;
}

export interface AdminConfiguration {
  /** NODE_ENV=production (npm start). */
  production: boolean;
  /** What needs attention, loudest first (also in `items` with state "warning"). */
  warnings: string[];
  items: ConfigurationItem[];
  storage: StorageFigures;
}
