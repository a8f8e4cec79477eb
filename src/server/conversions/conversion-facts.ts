import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { LeadConversion } from '@shared/admin-deliveries';
import type { LeadForm } from '@shared/lead-vocabulary';
import type { ConsentSignal } from '@shared/schemas/conversion';
import { tablesOf } from '../platform/database/connection';
import { enqueueMessages } from '../platform/outbox/outbox';
import type { OutboxTables } from '../platform/outbox/outbox-tables';
import { BOOK_PATH } from '@shared/booking-view';
import {
  CONVERSION_MAX_AGE_MS,
  statusConversionEvents,
  type ConversionContact,
  type ConversionEventName,
  type ConversionPayload,
  type ConversionSubject,
} from './conversion-event';
import type { SubmissionClient } from './submission-client';

/* Facts the lead context tells Meta (decision 110), written in the caller's transaction. */

interface FormFact {
  subject: ConversionSubject;
  created: boolean;
  form: LeadForm | undefined;
  client: SubmissionClient | undefined;
  sourcePage: string | null;
  /** Read only when an event is due, like `contact`. */
  click: () => Promise<StatusFact['click']>;
  /** Read only when an event is due: the lead's contact as saved by this form. */
  contact: () => Promise<ConversionContact | undefined>;
}

interface StatusFact {
  subject: ConversionSubject;
  status: string;
  consent: ConsentSignal | null | undefined;
  /** The lead's ad click: its fbclid and when first received, the same in all its events. */
  click: { fbclid: string; atMs: number } | undefined;
  contact: () => Promise<ConversionContact | undefined>;
}

/** The questionnaire's completion comes from either of its two calls; the first one counts. */
const completes = (form: LeadForm | undefined) =>
  form === 'questionnaire' || form === 'typeform-completed';

/** Lead for a new lead; CompleteRegistration and SubmitApplication once per lead. */
function formEvents(fact: FormFact): ConversionEventName[] {
  const events: ConversionEventName[] = fact.created ? ['Lead'] : [];
  if (completes(fact.form)) events.push('CompleteRegistration');
  if (fact.form === 'candidate-application') events.push('SubmitApplication');
  return events;
}

export const isStatusEvent = (status: string): status is ConversionEventName =>
  (statusConversionEvents as readonly string[]).includes(status);

type Db = Pick<Kysely<object>, 'getExecutor'>;
/** The payload of each event but its name and lead. */
type EventBase = Omit<ConversionPayload, 'eventName' | 'lead'>;

/** The `wanted` events not yet written for the subject, with its contact: each goes to Meta once. */
async function enqueueOnce(
  db: Db,
  { subject, contact }: Pick<FormFact, 'subject' | 'contact'>,
  wanted: readonly ConversionEventName[],
  now: string,
  base: EventBase,
): Promise<void> {
  if (wanted.length === 0) return;
  const outbox = tablesOf<OutboxTables>(db);
  const already = await outbox
    .selectFrom('outbox_messages')
    .select('topic')
    .where('destination', '=', 'meta')
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .where('topic', 'in', wanted)
    .execute();
  const events = wanted.filter((event) => !already.some((row) => row.topic === event));
  const lead = events.length > 0 ? await contact() : undefined;
  if (!lead) return;
  const messages = events.map((eventName) => ({
    destination: 'meta' as const,
    subjectType: subject.type,
    subjectId: subject.id,
    topic: eventName,
    payload: { eventName, ...base, lead: { ...subject, ...lead } },
  }));
  await enqueueMessages(outbox, messages, now);
}

/** What Meta matches a browser by, from the request that sent the event. */
const browserOf = ({ ip, userAgent, fbp, fbc }: SubmissionClient) => ({ ip, userAgent, fbp, fbc });
const clickOf = ({ click }: Pick<StatusFact, 'click'>) => ({
  fbclid: click?.fbclid ?? null,
  clickAtMs: click?.atMs ?? null,
});

/** A form's events: with consent, within Meta's 7 days, each at most once per lead. */
export async function recordFormConversions(db: Db, fact: FormFact, now: string): Promise<void> {
  const { client } = fact;
  // Only an explicit or notice-mode yes allows a server event.
  if (client?.consent !== 'granted' || Date.parse(now) - client.at > CONVERSION_MAX_AGE_MS) return;
  const click = await fact.click();
  await enqueueOnce(db, fact, formEvents(fact), now, {
    eventId: client.eventId,
    // Every form but the questionnaire's sends the pixel's Lead under the page's id.
    pixelEvent: client.pixelEventId && !completes(fact.form) ? 'Lead' : undefined,
    eventTimeMs: client.at,
    actionSource: 'website',
    sourcePage: fact.sourcePage ?? (fact.form === 'typeform-completed' ? '/typeform' : null),
    client: { ...browserOf(client), ...clickOf({ click }) },
  });
}

/** A candidate's new status as a custom event: with the latest consent, once per status. */
export async function recordStatusConversion(db: Db, fact: StatusFact, now: Date): Promise<void> {
  if (!isStatusEvent(fact.status) || fact.consent !== 'granted') return;
  await enqueueOnce(db, fact, [fact.status], now.toISOString(), {
    eventId: randomUUID(),
    eventTimeMs: now.getTime(),
    actionSource: 'system_generated',
    sourcePage: null,
    client: { ip: null, userAgent: null, fbp: null, fbc: null, ...clickOf(fact) },
  });
}

/**
 * `Schedule` for a booked call, once per lead, under the event id of the booking request (the
 * pixel's, when a page sends one). The request's own signal wins (GPC, or what its page said);
 * a plain form post says nothing, so the lead's proven choice decides, as for status events.
 */
export async function recordCallConversion(
  db: Db,
  fact: Omit<StatusFact, 'status'> & { client: SubmissionClient },
  now: Date,
): Promise<void> {
  const { client } = fact;
  if ((client.consent ?? fact.consent) !== 'granted') return;
  await enqueueOnce(db, fact, ['Schedule'], now.toISOString(), {
    eventId: client.eventId,
    pixelEvent: client.pixelEventId ? 'Schedule' : undefined,
    eventTimeMs: now.getTime(),
    actionSource: 'website',
    sourcePage: BOOK_PATH,
    client: { ...browserOf(client), ...clickOf(fact) },
  });
}

/** A lead's Meta events for its detail and the person's copy, oldest first. */
export async function conversionStates(
  db: Db,
  subject: ConversionSubject,
): Promise<(LeadConversion & { recordedAt: string })[]> {
  const rows = await tablesOf<OutboxTables>(db)
    .selectFrom('outbox_messages')
    .select([
      'topic',
      'state',
      'last_error',
      'attempts',
      'sent_at',
      'last_attempt_at',
      'created_at',
    ])
    .where('destination', '=', 'meta')
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    event: row.topic,
    state: row.state,
    // A sent event's earlier failures no longer matter.
    error: row.state === 'sent' ? null : row.last_error,
    attempts: row.attempts,
    at: row.sent_at ?? row.last_attempt_at ?? row.created_at,
    recordedAt: row.created_at,
  }));
}
