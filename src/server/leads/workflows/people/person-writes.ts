import type { Kysely } from 'kysely';
import { STATUS_PAGE_FORM } from '@shared/lead-vocabulary';
import type { DialectName } from '../../../platform/database/migration-runner';
import { tablesOf } from '../../../platform/database/connection';
import type { OutboxTables } from '../../../platform/outbox/outbox-tables';
import { keepInHistory } from '../../records/lead-history';
import { leadTypeOf, type LeadRef } from '../../records/lead-tables';
import { refreshDerivedColumns } from '../../records/derived-columns';
import { addPersonAct, withLockedLead, type CancelCall } from '../pipeline/lead-pipeline';
import { optedOut } from '../pipeline/status-events';
import type { LeadActivityTable, PipelineTables } from '../../records/pipeline-tables';
import { STATUS_PATH } from './status-link';
import { detailColumns } from './status-words';

/* The person's status page changes, each locking the lead first; all are proven, so overwrite. */

/** Their corrected details (blank or left out clears an optional one), kept in the history. */
export async function correctDetails(
  db: Kysely<PipelineTables>,
  dialect: DialectName,
  lead: LeadRef & { stage: string },
  fields: Record<string, string>,
): Promise<void> {
  await withLockedLead(db, dialect, lead, async (trx) => {
    const now = new Date().toISOString();
    const columns = Object.entries(detailColumns(lead.table, lead.stage));
    const values = Object.fromEntries(
      columns.map(([key, column]) => [column, fields[key] || null]),
    );
    await trx
      .updateTable(lead.table)
      .set({ ...values, updated_at: now } as never)
      .where('id', '=', lead.id)
      .execute();
    await refreshDerivedColumns(trx, lead);
    await keepInHistory(trx, {
      lead_table: lead.table,
      lead_id: lead.id,
      form: STATUS_PAGE_FORM,
      source_page: STATUS_PATH,
      fields: JSON.stringify(fields),
      attribution: null,
      consent: null,
      // The status page opens only with the lead's proof.
      verified: 1,
      created_at: now,
    });
  });
}

/** Stops reminders and, with `withdraw`, sets `withdrawn` and cancels a call ahead (`cancelCall`):
    the person's acts in the timeline. */
export async function stopMessages(
  db: Kysely<PipelineTables>,
  dialect: DialectName,
  lead: LeadRef,
  withdraw: false | { cancelCall: CancelCall },
): Promise<void> {
  await withLockedLead(db, dialect, lead, async (trx, status) => {
    const stopped = await trx
      .updateTable(lead.table)
      .set({ reminders_stopped_at: new Date().toISOString() })
      .where('id', '=', lead.id)
      .where('reminders_stopped_at', 'is', null)
      .executeTakeFirst();
    if (Number(stopped.numUpdatedRows) > 0)
      await addPersonAct(trx, lead.table, lead.id, { kind: 'reminders_stopped' });
    if (!withdraw) return;
    if (status !== 'withdrawn') await personSets(trx, lead, status, 'withdrawn');
    if (lead.table === 'candidates')
      await withdraw.cancelCall(trx, [lead.id], { status: 'withdrawn', by: null });
  });
}

/** The lead moves from `from` to `to` by the person's own act, in the timeline as theirs. */
async function personSets(db: Kysely<PipelineTables>, lead: LeadRef, from: string, to: string) {
  const changed = await db
    .updateTable(lead.table)
    .set({ status: to as never })
    .where('id', '=', lead.id)
    .where('status', '=', from as never)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) return;
  await addPersonAct(db, lead.table, lead.id, {
    kind: 'status_changed',
    from_status: from,
    to_status: to,
  });
}

/** A form the person proves after withdrawing: they want back in, so the lead is `new` again. */
export const reopenWithdrawn = (db: Kysely<PipelineTables>, lead: LeadRef) =>
  personSets(db, lead, 'withdrawn', 'new');

/** Opt-ins a lead takes a UTC day: each undoes an opt-out, and the two are two timeline rows. */
const OPT_INS_A_DAY = 3;
type ActKind = LeadActivityTable['kind'];

/** The person's acts of `kind` on the lead today (UTC): a few rows at most. */
const actsToday = async (db: Kysely<PipelineTables>, lead: LeadRef, kind: ActKind) =>
  (
    await db
      .selectFrom('lead_activity')
      .select('id')
      .where('lead_table', '=', lead.table)
      .where('lead_id', '=', lead.id)
      .where('kind', '=', kind)
      .where('created_at', '>=', new Date().toISOString().slice(0, 10))
      .execute()
  ).length;

/** "Do Not Sell or Share" from the person's browser: Meta gets no event of the lead from now on,
    and none still waiting goes (decision 110); once, in the timeline as their act. `optIn` (their
    status page) undoes it, OPT_INS_A_DAY times a day (false past them: else toggling grows the
    timeline without bound); their forms' consent counts again. */
export async function optOutOfSale(
  db: Kysely<PipelineTables>,
  dialect: DialectName,
  lead: LeadRef,
  optIn = false,
) {
  return withLockedLead(db, dialect, lead, async (trx) => {
    if ((await optedOut(trx, lead.table, lead.id)) !== optIn) return undefined;
    const kind = optIn ? 'opted_in' : 'opted_out';
    if (optIn && (await actsToday(trx, lead, kind)) >= OPT_INS_A_DAY) return false;
    await addPersonAct(trx, lead.table, lead.id, { kind });
    if (optIn) return undefined;
    await tablesOf<OutboxTables>(trx)
      .deleteFrom('outbox_messages')
      .where('destination', '=', 'meta')
      .where('subject_type', '=', leadTypeOf(lead.table))
      .where('subject_id', '=', lead.id)
      .where('state', '=', 'pending')
      .execute();
  });
}

/** "Downloaded their data" in each lead's history, once a UTC day: repeats add no rows. */
export const recordDownload = (db: Kysely<PipelineTables>, leads: LeadRef[]) =>
  db.transaction().execute(async (trx) => {
    for (const lead of leads)
      if ((await actsToday(trx, lead, 'data_downloaded')) === 0)
        await addPersonAct(trx, lead.table, lead.id, { kind: 'data_downloaded' });
  });
