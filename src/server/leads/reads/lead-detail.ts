import type { Kysely, Selectable } from 'kysely';
import { conversionStates } from '../../conversions';
import { tablesOf } from '../../platform/database/connection';
import { findSubjectMessages } from '../../platform/outbox/outbox';
import { findContacts } from '../records/lead-contacts';
import { findHistory } from '../records/lead-history';
import { leadTypeOf, type LeadSubmissionsTable, type LeadTable } from '../records/lead-tables';
import type { PipelineTables } from '../records/pipeline-tables';
import type { LeadListing } from './lead-listing';
import { buildTimeline } from './timeline';
import { parsedJson } from '../../platform/database/parsed-json';
import type { AssignmentTables } from '../workflows/pipeline/lead-assignment';

/** One accepted form as the lead sent it (issue 11: nothing said is lost), oldest first. */
function submissionView(submission: Selectable<LeadSubmissionsTable>) {
  return {
    form: submission.form,
    at: submission.created_at,
    verified: submission.verified === 1,
    sourcePage: submission.source_page,
    fields: parsedJson(submission.fields),
    attribution: parsedJson(submission.attribution),
    consent: submission.consent,
  };
}

/** The lead's activity, oldest first, with the acting account's and the assignee's names now. */
const activityOf = (db: Kysely<PipelineTables>, table: LeadTable, id: number) =>
  tablesOf<PipelineTables & Pick<AssignmentTables, 'admin_accounts'>>(db)
    .selectFrom('lead_activity')
    .leftJoin('admin_accounts as actor', 'actor.id', 'lead_activity.account_id')
    .leftJoin('admin_accounts as assignee', 'assignee.id', 'lead_activity.assignee_id')
    .select(['kind', 'from_status', 'to_status', 'lead_activity.created_at', 'actor.name'])
    .select((eb) => eb.fn.coalesce('assignee.name', 'text').as('text'))
    .where('lead_table', '=', table)
    .where('lead_id', '=', id)
    .orderBy('lead_activity.id')
    .execute();

const nameless = <Act extends object>(acts: Act[]) => acts.map((act) => ({ ...act, name: null }));

/** The lead's row, contacts and timeline; `named`: the team's acts name their account. */
export async function leadDetail<Table extends LeadTable>(
  db: Kysely<PipelineTables>,
  listing: LeadListing,
  table: Table,
  id: number,
  named = true,
) {
  const row = await listing.findLead(table, id);
  if (!row) return undefined;
  const type = leadTypeOf(table);
  const [contacts, submissions, activity, conversions, messages] = await Promise.all([
    findContacts(db, table, [id]),
    findHistory(db, 'lead_submissions', table, [id]),
    activityOf(db, table, id),
    conversionStates(db, { type, id }),
    findSubjectMessages(tablesOf(db), type, [id]),
  ]);
  const mailed = messages.filter((one) => one.destination === 'person' && one.state === 'sent');
  return {
    row,
    secondaryContacts: contacts.map(({ kind, value }) => ({ kind, value })),
    timeline: buildTimeline(row, submissions, named ? activity : nameless(activity), mailed),
    submissions: submissions.map(submissionView),
    conversions,
  };
}
