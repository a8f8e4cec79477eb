// GET /api/admin/deliveries, declared once for both sides.
import {
  integer,
  listOf,
  nullable,
  nullableText,
  objectOf,
  text,
  type FromSchema,
} from './json-schema';

/** Where a failing message was going: the team, its webhook, Meta, the person, the candidate's call. */
export const failingDestinations = ['email', 'webhook', 'meta', 'person', 'calendar'] as const;

const deliveries = objectOf({
  failedCount: { ...integer, description: 'Every failing message; `failed` lists the newest' },
  failedByDestination: objectOf(
    Object.fromEntries(failingDestinations.map((destination) => [destination, integer])) as Record<
      (typeof failingDestinations)[number],
      typeof integer
    >,
  ),
  failed: listOf({
    id: integer,
    destination: { type: 'string', enum: failingDestinations },
    topic: text,
    leadType: { type: ['string', 'null'], enum: ['candidate', 'company', null] },
    leadId: nullable('integer'),
    attempts: integer,
    lastError: nullableText,
    createdAt: text,
    lastAttemptAt: nullableText,
  }),
});

export const deliveriesSchema = {
  ...deliveries,
  properties: {
    ...deliveries.properties,
    spendPull: {
      type: ['object', 'null'],
      description: "Meta's ad spend pull failing since its last success (decision 165); null: fine",
      properties: {
        error: { ...nullableText, description: "Meta's answer; null but to owners" },
        failures: integer,
        lastAttemptAt: text,
      },
      required: ['error', 'failures', 'lastAttemptAt'],
    },
  },
} as const;
export type Deliveries = FromSchema<typeof deliveriesSchema>;
export type FailedDelivery = Deliveries['failed'][number];

/** A lead's Meta Conversions API events, in its detail. */
export const leadConversionsSchema = listOf({
  event: {
    ...text,
    description:
      'Lead, CompleteRegistration, SubmitApplication, or a status: qualified, enrolled, placed',
  },
  state: {
    type: 'string',
    enum: ['sent', 'pending', 'failed'],
    description:
      'pending with an error: waiting for a retry; failed: given up (after 7 days, or at once when Meta refuses the event itself)',
  },
  error: { ...nullableText, description: "Meta's error of the last attempt (null once sent)" },
  attempts: integer,
  at: { ...text, description: 'When it was sent, last tried, or written' },
});
export type LeadConversion = FromSchema<typeof leadConversionsSchema>[number];
