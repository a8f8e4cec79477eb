import { randomUUID } from 'node:crypto';
import type { LeadConversion } from '@shared/admin-deliveries';
import type { Kysely } from 'kysely';
import { tablesOf } from '../../platform/database/connection';
import { readLeadContact } from '../store/lead-contact';
import type { LeadRecordTables, LeadTable } from '../store/lead-tables';
import {
  statusConversionEvents,
  type ConversionEventName,
  type ConversionPayload,
} from '../../conversions/conversion-event';
import { enqueueMessages } from '../../platform/outbox/outbox';
import type { OutboxTables } from '../../platform/outbox/outbox-tables';

const isStatusEvent = (status: string): status is ConversionEventName =>
  (statusConversionEvents as readonly string[]).includes(status);

/** The first fbclid the lead's forms brought (first touch, like the attribution columns). */
function firstClick(submissions: { attribution: string | null; created_at: string }[]) {
  for (const submission of submissions) {
    const fbclid = submission.attribution
      ? (JSON.parse(submission.attribution) as { fbclid?: unknown }).fbclid
      : undefined;
    if (typeof fbclid === 'string' && fbclid) {
      return { fbclid, atMs: Date.parse(submission.created_at) };
    }
  }
  return undefined;
}

/**
 * The custom event of a candidate's new status (qualified, enrolled, placed), written with
 * the status change (decision 110): only when the lead's latest reported consent is granted,
 * once per status and lead, with the same user data as its form events (the request's
 * address and browser are not kept, so there are none).
 */
export async function enqueueStatusEvent(
  trx: Kysely<LeadRecordTables>,
  id: number,
  status: string,
  now: Date,
): Promise<void> {
  if (!isStatusEvent(status)) return;
  const outbox = tablesOf<OutboxTables>(trx);
  const sent = await outbox
    .selectFrom('outbox_messages')
    .select('id')
    .where('destination', '=', 'meta')
    .where('subject_type', '=', 'candidate')
    .where('subject_id', '=', id)
    .where('topic', '=', status)
    .executeTakeFirst();
  if (sent) return;
  const submissions = await trx
    .selectFrom('lead_submissions')
    .select(['consent', 'attribution', 'created_at'])
    .where('lead_table', '=', 'candidates')
    .where('lead_id', '=', id)
    .orderBy('id')
    .execute();
  const consent = submissions.findLast((submission) => submission.consent)?.consent;
  if (consent !== 'granted') return;
  const lead = await readLeadContact(trx, 'candidates', id);
  if (!lead) return;
  const click = firstClick(submissions);
  const payload: ConversionPayload = {
    eventName: status,
    eventId: randomUUID(),
    eventTimeMs: now.getTime(),
    actionSource: 'system_generated',
    sourcePage: null,
    lead: { type: 'candidate', id, ...lead },
    client: {
      ip: null,
      userAgent: null,
      fbp: null,
      fbc: null,
      fbclid: click?.fbclid ?? null,
      clickAtMs: click?.atMs ?? null,
    },
  };
  await enqueueMessages(
    outbox,
    [{ destination: 'meta', topic: status, payload, subjectType: 'candidate', subjectId: id }],
    now.toISOString(),
  );
}

/** The lead's Meta events (decision 110), oldest first. */
export async function conversionStates(
  db: Pick<Kysely<object>, 'getExecutor'>,
  table: LeadTable,
  id: number,
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
    .where('subject_type', '=', table === 'candidates' ? 'candidate' : 'company')
    .where('subject_id', '=', id)
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
