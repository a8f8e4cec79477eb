import { candidateStages } from '@shared/lead-vocabulary';
import type { Kysely, Transaction } from 'kysely';
import { tablesOf } from '../../../platform/database/connection';
import type { DialectName } from '../../../platform/database/migration-runner';
import type { OutboxTables } from '../../../platform/outbox/outbox-tables';
import { addActivity } from '../pipeline/lead-pipeline';
import type { PipelineTables } from '../../records/pipeline-tables';
import { deleteStatusLinks, type StatusLinkTables } from '../people/status-link';
import { candidateFields } from '@shared/lead-fields';
import { attributionColumns, columnsOf } from '../../records/lead-columns';
import { refreshMatchKeys } from '../../records/match-keys';

type Row = Record<string, unknown> & { id: number; created_at: string; stage: string };

/** The kept lead's values, its blanks filled from the other's: every contract field takes part. */
function mergedValues(kept: Row, other: Row, now: string): Record<string, unknown> {
  const values: Record<string, unknown> = { updated_at: now };
  for (const column of [...columnsOf(candidateFields, 'text'), 'reminders_stopped_at']) {
    if (kept[column] === null && other[column] !== null) values[column] = other[column];
  }
  // First touch wins, column by column, as a later form's attribution only fills blanks.
  const [first, later] = other.created_at < kept.created_at ? [other, kept] : [kept, other];
  values.created_at = first.created_at;
  for (const column of attributionColumns) {
    values[column] = first[column] ?? later[column];
  }
  // The person got as far as either lead did: the stage only moves forward, flags only rise.
  const stageOf = (row: Row) => candidateStages.indexOf(row.stage as never);
  values.stage = stageOf(other) > stageOf(kept) ? other.stage : kept.stage;
  for (const column of [...columnsOf(candidateFields, 'flag'), 'proof_issued']) {
    values[column] = Math.max(Number(kept[column]), Number(other[column]));
  }
  for (const column of ['unverified_forms', 'submissions_not_kept']) {
    values[column] = Number(kept[column]) + Number(other[column]);
  }
  return values;
}

/** Merges `otherId` into `keptId` (decision 161); false when either is unknown. */
export function mergeCandidates(
  db: Kysely<PipelineTables>,
  dialect: DialectName,
  keptId: number,
  otherId: number,
  within: (trx: Transaction<object>) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Both rows locked in id order (PostgreSQL), so two merges of the same pair never deadlock.
    const query = trx
      .selectFrom('candidates')
      .selectAll()
      .where('id', 'in', [keptId, otherId])
      .orderBy('id');
    const rows = (await (dialect === 'postgres' ? query.forUpdate() : query).execute()) as Row[];
    const kept = rows.find((row) => row.id === keptId);
    const other = rows.find((row) => row.id === otherId);
    if (!kept || !other) return false;

    const now = new Date().toISOString();
    const ofOther = { lead_table: 'candidates', lead_id: otherId } as const;
    for (const table of ['lead_submissions', 'lead_activity'] as const) {
      await trx
        .updateTable(table)
        .set({ lead_id: keptId })
        .where((eb) => eb.and(ofOther))
        .execute();
    }
    // What was sent stays in the kept timeline; what waits for the other's person goes.
    const outbox = tablesOf<OutboxTables>(trx);
    const aboutOther = { subject_type: 'candidate', subject_id: otherId } as const;
    await outbox
      .deleteFrom('outbox_messages')
      .where((eb) => eb.and({ ...aboutOther, destination: 'person', state: 'pending' }))
      .execute();
    await outbox
      .updateTable('outbox_messages')
      .set({ subject_id: keptId })
      .where((eb) => eb.and(aboutOther))
      .execute();
    // The other's status links would open the kept lead: they go (reminders cascade).
    await deleteStatusLinks(tablesOf<StatusLinkTables>(trx), {
      table: 'candidates',
      ids: [otherId],
    });
    await trx.deleteFrom('candidates').where('id', '=', otherId).execute();
    await trx
      .updateTable('candidates')
      .set(mergedValues(kept, other, now) as never)
      .where('id', '=', keptId)
      .execute();
    await refreshMatchKeys(trx, keptId);
    await addActivity(trx, 'candidates', keptId, { kind: 'merged', text: String(otherId) });
    await within(trx as unknown as Transaction<object>);
    return true;
  });
}
