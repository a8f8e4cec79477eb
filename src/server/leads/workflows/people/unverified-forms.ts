import type { Kysely, Transaction } from 'kysely';
import { candidateFields, companyFields } from '@shared/lead-fields';
import type { DialectName } from '../../../platform/database/migration-runner';
import { columnsOf } from '../../records/lead-columns';
import type { LeadRef, LeadTable } from '../../records/lead-tables';
import { refreshDerivedColumns } from '../../records/derived-columns';
import { findHistory } from '../../records/lead-history';
import type { PipelineTables } from '../../records/pipeline-tables';
import { withLockedLead } from '../pipeline/lead-pipeline';
import type { AlsoWrite } from '../../../platform/database/connection';
import { parsedJson } from '../../../platform/database/parsed-json';

/* Forms sent without the lead's proof fill only blanks (decision 176). After a call to the
   person, the team may accept what they said instead: it then overwrites, as a proven form does. */

/** The text columns a form may set (not the e-mail, which names the lead, nor the flags). */
const textColumns: Record<LeadTable, string[]> = {
  candidates: columnsOf(candidateFields, 'text'),
  companies: columnsOf(companyFields, 'text'),
};

/** The values of the forms still waiting for review, oldest first, each later one winning. */
async function waitingValues(db: Kysely<PipelineTables>, { table, id }: LeadRef) {
  const { unverified_forms: waiting } = await db
    .selectFrom(table)
    .select('unverified_forms')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (waiting <= 0) return {};
  const forms = await findHistory(db, 'lead_submissions', table, [id]);
  const values: Record<string, string> = {};
  for (const form of forms.filter((one) => one.verified === 0).slice(-waiting)) {
    const fields = parsedJson(form.fields) ?? {};
    for (const column of textColumns[table]) {
      const value = fields[column];
      if (typeof value === 'string' && value !== '') values[column] = value;
    }
  }
  return values;
}

/** Writes the waiting forms' values over the lead's and clears the count; false: no such lead. */
export async function acceptUnverified(
  db: Kysely<PipelineTables>,
  dialect: DialectName,
  lead: LeadRef,
  also?: AlsoWrite<unknown>,
): Promise<boolean> {
  const work = async (trx: Transaction<PipelineTables>) => {
    const values = await waitingValues(trx, lead);
    const changed = Object.keys(values).length > 0;
    await trx
      .updateTable(lead.table)
      .set({
        ...values,
        unverified_forms: 0,
        ...(changed ? { updated_at: new Date().toISOString() } : {}),
      } as never)
      .where('id', '=', lead.id)
      .execute();
    if (changed) await refreshDerivedColumns(trx, lead);
    return true;
  };
  return (await withLockedLead(db, dialect, lead, work, also)) ?? false;
}
