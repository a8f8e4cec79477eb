import type { Kysely } from 'kysely';
import { leadRecordColumns } from '../records/lead-columns';
import { leadTypeOf, type LeadRef } from '../records/lead-tables';
import type { PipelineTables } from '../records/pipeline-tables';
import type { LeadListing } from './lead-listing';
import { leadDetail } from './lead-detail';
import type { TimelineEntry } from '@shared/lead-history';
import { byTime } from './timeline';

/* The person's own copy from /status (decision 135): their data and its history, Meta's events
   included; not the team's notes, assignee, merges or names, nor our keys and counters. */

const internal = new Set(['id', 'email_normalized', 'proof_issued', 'unverified_forms']);
const teamOnly = new Set(['note', 'assigned', 'merged']);

type Entry = Omit<TimelineEntry, 'by'>;
/** A candidate's calls and screening answers, and the call e-mails sent, from the bookings. */
export type CallsOf = (leadId: number) => Promise<{ bookings: object; mails: Entry[] }>;

/** Each lead's details, other contacts, forms as sent, calls and the history meant for them. */
export async function personCopy(
  db: Kysely<PipelineTables>,
  listing: LeadListing,
  leads: LeadRef[],
  callsOf: CallsOf,
) {
  const copies = await Promise.all(
    leads.map(async ({ table, id }) => {
      const found = await leadDetail(db, listing, table, id, false);
      if (!found) return [];
      const row = found.row as Record<string, unknown>;
      const columns = [...leadRecordColumns[table], 'status'].filter((c) => !internal.has(c));
      const { bookings, mails } =
        table === 'candidates' ? await callsOf(id) : { bookings: null, mails: [] };
      const history = found.timeline.filter((entry) => !teamOnly.has(entry.kind));
      return {
        kind: leadTypeOf(table),
        details: Object.fromEntries(columns.map((column) => [column, row[column] ?? null])),
        otherContacts: found.secondaryContacts,
        forms: found.submissions,
        bookings,
        history: [...history, ...mails].sort(byTime),
        metaEvents: found.conversions.map(({ event, recordedAt, state }) => ({
          event,
          recordedAt,
          state: state === 'pending' ? 'waiting' : state,
        })),
      };
    }),
  );
  return copies.flat();
}
