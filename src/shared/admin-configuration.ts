// GET /api/admin/configuration: states and public facts only, never a secret.
import { integer, objectOf, text, type FromSchema } from './json-schema';

export const configurationItemKeys = [
  'site-url',
  'mail',
  'pixel',
  'conversions',
  'backups',
  'metrics',
  'retention',
] as const;

/** Each setting's item: what it is ("Mail transport"), its state and its state in words. */
const item = objectOf({
  key: { type: 'string', enum: configurationItemKeys },
  label: text,
  state: {
    type: 'string',
    enum: ['ok', 'on', 'off', 'warning'],
    description: 'ok / on: set up; off: not used (a choice); warning: needs attention',
  },
  summary: text,
  settings: { type: 'array', items: text, description: 'The environment variables that change it' },
});

export const configurationSchema = objectOf(
  {
    production: { type: 'boolean', description: 'NODE_ENV=production' },
    warnings: {
      type: 'array',
      description: 'What needs attention (SITE_URL still local in production, no mail transport)',
      items: text,
    },
    items: { type: 'array', items: item },
    storage: objectOf(
      {
        quarantined: { ...integer, description: 'Forms held in quarantine now' },
        quarantineDropped: {
          ...integer,
          description: 'Quarantined forms counted, not kept (an address past 100 a day)',
        },
        visitsNotCounted: {
          ...integer,
          description: 'Visits not counted (an address past 50 new visitors a day)',
        },
        days: { ...integer, description: 'The two counts cover this many days' },
      },
      'What the storage bounds hold and dropped (decision 152)',
    ),
  },
  'The settings in words: states and public facts, never a secret',
);
export type AdminConfiguration = FromSchema<typeof configurationSchema>;
export type ConfigurationItem = AdminConfiguration['items'][number];
export type ConfigurationState = ConfigurationItem['state'];
export type StorageFigures = AdminConfiguration['storage'];
