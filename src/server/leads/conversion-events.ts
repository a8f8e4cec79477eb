import type { LeadForm } from '@shared/lead-vocabulary';
import type { Kysely } from 'kysely';
import { readLeadContact } from './store/lead-contact';
import type { LeadRecordTables, LeadTable } from './store/lead-tables';
import { tablesOf } from '../platform/database/connection';
import {
  CONVERSION_MAX_AGE_MS,
  conversionAllowed,
  type ConversionEventName,
  type ConversionPayload,
  type SubmissionClient,
} from '../conversions/conversion-event';
import { enqueueMessages } from '../platform/outbox/outbox';
import type { OutboxTables } from '../platform/outbox/outbox-tables';

/** The form submission a lead write came from, as far as conversion events care. */
export interface ConversionSource {
  table: LeadTable;
  leadId: number;
  created: boolean;
  form: LeadForm | undefined;
  client: SubmissionClient | undefined;
  sourcePage: string | null;
  fbclid: string | null;
}

/** The questionnaire's completion comes from either of its two calls; the first one counts. */
const COMPLETING_FORMS: readonly LeadForm[] = ['questionnaire', 'typeform-completed'];

/** Lead for a new lead; CompleteRegistration and SubmitApplication once per lead. */
function eventsOf(source: ConversionSource): ConversionEventName[] {
  const events: ConversionEventName[] = source.created ? ['Lead'] : [];
  if (source.form && COMPLETING_FORMS.includes(source.form)) events.push('CompleteRegistration');
  if (source.form === 'candidate-application') events.push('SubmitApplication');
  return events;
}

/** Pages of forms that send no attribution. */
const pageOfForm = (form: LeadForm | undefined) =>
  form === 'typeform-completed' ? '/typeform' : null;

/**
 * Writes the submission's Meta events into the outbox, in the lead's transaction (decision
 * 110): only with the visitor's consent, never for a submission older than Meta accepts (a
 * quarantined form released days later), and each of CompleteRegistration and
 * SubmitApplication at most once per lead. The names and phone are read from the lead as
 * now saved, so a later form's event still carries what an earlier one said.
 */
export async function enqueueConversions(
  db: Kysely<LeadRecordTables>,
  source: ConversionSource,
  now: string,
): Promise<void> {
  const { client } = source;
  if (!client || !conversionAllowed(client)) return;
  if (Date.parse(now) - client.at > CONVERSION_MAX_AGE_MS) return;
  const leadType = source.table === 'candidates' ? 'candidate' : 'company';
  const outbox = tablesOf<OutboxTables>(db);
  let events = eventsOf(source);
  if (events.length === 0) return;
  const already = await outbox
    .selectFrom('outbox_messages')
    .select('topic')
    .where('destination', '=', 'meta')
    .where('subject_type', '=', leadType)
    .where('subject_id', '=', source.leadId)
    .where('topic', 'in', events)
    .execute();
  events = events.filter((event) => !already.some((row) => row.topic === event));
  if (events.length === 0) return;
  const lead = await readLeadContact(db, source.table, source.leadId);
  if (!lead) return;
  await enqueueMessages(
    outbox,
    events.map((eventName) => {
      const payload: ConversionPayload = {
        eventName,
        eventId: client.eventId,
        eventTimeMs: client.at,
        actionSource: 'website',
        sourcePage: source.sourcePage ?? pageOfForm(source.form),
        lead: { type: leadType, id: source.leadId, ...lead },
        client: {
          ip: client.ip,
          userAgent: client.userAgent,
          fbp: client.fbp,
          fbc: client.fbc,
          fbclid: source.fbclid,
        },
      };
      return {
        destination: 'meta',
        topic: eventName,
        payload,
        subjectType: leadType,
        subjectId: source.leadId,
      };
    }),
    now,
  );
}
