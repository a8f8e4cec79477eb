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
  CALL_CONVERSION_EVENT,
  CONVERSION_MAX_AGE_MS,
  statusConversionEvents,
  type ConversionContact,
  type ConversionEventName,
  type ConversionPayload,
  type ConversionSubject,
  type SubmissionClient,
} from './conversion-event';

/* Facts the lead context tells Meta (decision 110), written in the caller's transaction. */

export interface FormFact {
  subject: ConversionSubject;
  created: boolean;
  form: LeadForm | undefined;
  client: SubmissionClient | undefined;
  sourcePage: string | null;
  fbclid: string | null;
  /** Read only when an event is due: the lead's contact as saved by this form. */
  contact: () => Promise<ConversionContact | undefined>;
}

export interface StatusFact {
  subject: ConversionSubject;
  status: string;
  consent: ConsentSignal | null | undefined;
  /** The first fbclid the lead's forms brought, and when. */
  click: { fbclid: string; atMs: number } | undefined;
  contact: () => Promise<ConversionContact | undefined>;
}

/** The questionnaire's completion comes from either of its two calls; the first one counts. */
const COMPLETING_FORMS: readonly LeadForm[] = ['questionnaire', 'typeform-completed'];

/** Lead for a new lead; CompleteRegistration and SubmitApplication once per lead. */
function formEvents(fact: FormFact): ConversionEventName[] {
  const events: ConversionEventName[] = fact.created ? ['Lead'] : [];
  if (fact.form && COMPLETING_FORMS.includes(fact.form)) events.push('CompleteRegistration');
  if (fact.form === 'candidate-application') events.push('SubmitApplication');
  return events;
}

/** Pages of forms that send no attribution. */
const pageOfForm = (form: LeadForm | undefined) =>
  form === 'typeform-completed' ? '/typeform' : null;

export const isStatusEvent = (status: string): status is ConversionEventName =>
  (statusConversionEvents as readonly string[]).includes(status);

/** The events of `wanted` not yet written for the subject: each goes to Meta once. */
async function notYetWritten(
  outbox: Kysely<OutboxTables>,
  subject: ConversionSubject,
  wanted: readonly ConversionEventName[],
): Promise<ConversionEventName[]> {
  if (wanted.length === 0) return [];
  const already = await outbox
    .selectFrom('outbox_messages')
    .select('topic')
    .where('destination', '=', 'meta')
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .where('topic', 'in', wanted)
    .execute();
  return wanted.filter((event) => !already.some((row) => row.topic === event));
}

/** The payloads of the `events` not yet written for the subject, with its contact: each once. */
async function enqueueOnce(
  db: Pick<Kysely<object>, 'getExecutor'>,
  fact: Pick<FormFact, 'subject' | 'contact'>,
  wanted: readonly ConversionEventName[],
  payloadOf: (event: ConversionEventName, lead: ConversionPayload['lead']) => ConversionPayload,
  now: string,
): Promise<void> {
  const outbox = tablesOf<OutboxTables>(db);
  const events = await notYetWritten(outbox, fact.subject, wanted);
  if (events.length === 0) return;
  const contact = await fact.contact();
  if (!contact) return;
  const lead = { ...fact.subject, ...contact };
  await enqueueMessages(
    outbox,
    events.map((event) => ({
      destination: 'meta',
      topic: event,
      payload: payloadOf(event, lead),
      subjectType: fact.subject.type,
      subjectId: fact.subject.id,
    })),
    now,
  );
}

/** What Meta matches a browser by, from the request that sent the event. */
const browserOf = ({ ip, userAgent, fbp, fbc }: SubmissionClient) => ({ ip, userAgent, fbp, fbc });

/** A form's events: with consent, within Meta's 7 days, each at most once per lead. */
export async function recordFormConversions(
  db: Pick<Kysely<object>, 'getExecutor'>,
  fact: FormFact,
  now: string,
): Promise<void> {
  const { client } = fact;
  // Only an explicit or notice-mode yes allows a server event.
  if (client?.consent !== 'granted') return;
  if (Date.parse(now) - client.at > CONVERSION_MAX_AGE_MS) return;
  await enqueueOnce(
    db,
    fact,
    formEvents(fact),
    (eventName, lead) => ({
      eventName,
      eventId: client.eventId,
      eventTimeMs: client.at,
      actionSource: 'website',
      sourcePage: fact.sourcePage ?? pageOfForm(fact.form),
      lead,
      client: { ...browserOf(client), fbclid: fact.fbclid },
    }),
    now,
  );
}

/** A candidate's new status as a custom event: with the latest consent, once per status. */
export async function recordStatusConversion(
  db: Pick<Kysely<object>, 'getExecutor'>,
  fact: StatusFact,
  now: Date,
): Promise<void> {
  if (!isStatusEvent(fact.status) || fact.consent !== 'granted') return;
  await enqueueOnce(
    db,
    fact,
    [fact.status],
    (eventName, lead) => ({
      eventName,
      eventId: randomUUID(),
      eventTimeMs: now.getTime(),
      actionSource: 'system_generated',
      sourcePage: null,
      lead,
      client: {
        ip: null,
        userAgent: null,
        fbp: null,
        fbc: null,
        fbclid: fact.click?.fbclid ?? null,
        clickAtMs: fact.click?.atMs ?? null,
      },
    }),
    now.toISOString(),
  );
}

/** A booked call: the booking request's browser beside what a status event knows. */
export interface CallFact extends Omit<StatusFact, 'status'> {
  client: SubmissionClient;
}

/**
 * `Schedule` for a booked call, once per lead, under the event id of the booking request (the
 * pixel's, when a page sends one). The request's own signal wins (GPC, or what its page said);
 * a plain form post says nothing, so the lead's proven choice decides, as for status events.
 */
export async function recordCallConversion(
  db: Pick<Kysely<object>, 'getExecutor'>,
  fact: CallFact,
  now: Date,
): Promise<void> {
  const { client } = fact;
  if ((client.consent ?? fact.consent) !== 'granted') return;
  await enqueueOnce(
    db,
    fact,
    [CALL_CONVERSION_EVENT],
    (eventName, lead) => ({
      eventName,
      eventId: client.eventId,
      eventTimeMs: now.getTime(),
      actionSource: 'website',
      sourcePage: BOOK_PATH,
      lead,
      client: {
        ...browserOf(client),
        fbclid: fact.click?.fbclid ?? null,
        clickAtMs: fact.click?.atMs ?? null,
      },
    }),
    now.toISOString(),
  );
}

/** A lead's Meta events for its detail, oldest first. */
export async function conversionStates(
  db: Pick<Kysely<object>, 'getExecutor'>,
  subject: ConversionSubject,
): Promise<LeadConversion[]> {
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
  }));
}
