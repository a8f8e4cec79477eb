import { candidateStages } from '@shared/lead-vocabulary';
import type { Kysely } from 'kysely';
import { tablesOf, type AlsoWrite } from '../../../platform/database/connection';
import type { DialectName } from '../../../platform/database/migration-runner';
import type { OutboxTables } from '../../../platform/outbox/outbox-tables';
import { addActivity } from '../pipeline/lead-pipeline';
import type { PipelineTables } from '../../records/pipeline-tables';
import { deleteStatusLinks } from '../people/status-link';
import { candidateFields } from '@shared/lead-fields';
import { candidateStatuses, closingStatuses } from '@shared/lead-status';
import { defaultSide, mergeFieldsOf, type MergeWinners } from '@shared/lead-merge';
import { attributionColumns, columnsOf, hasTouch } from '../../records/lead-columns';
import { findContacts, keepContacts, type Contact } from '../../records/lead-contacts';
import { eraseHistory } from '../../records/lead-history';
import { refreshDerivedColumns } from '../../records/derived-columns';

type Row = Record<string, unknown> & { id: number; created_at: string; stage: string };

const chosenFields = mergeFieldsOf(candidateFields);
/** The candidate statuses in the order a lead moves along them, the closing ones left out. */
const PIPELINE: string[] = candidateStatuses
  .map((status) => status.value)
  .filter((value) => !closingStatuses.some((closing) => closing.value === value));

/** Whose value each chosen field keeps: the recruiter's choice, else this lead's unless blank. */
const sidesOf = (kept: Row, other: Row, winners: MergeWinners) =>
  chosenFields.map(([name, field]) => {
    const side = winners[name] ?? defaultSide(kept[field.column], other[field.column]);
    return { field, winner: side === 'this' ? kept : other, loser: side === 'this' ? other : kept };
  });
type Sides = ReturnType<typeof sidesOf>;

/** The kept lead's values: each chosen field its winner's, the rest by rule. */
function mergedValues(kept: Row, other: Row, sides: Sides, now: string): Record<string, unknown> {
  const values: Record<string, unknown> = { updated_at: now };
  for (const { field, winner } of sides) {
    values[field.column] = winner[field.column];
    if (field.kind === 'email') values.email_normalized = winner.email_normalized;
  }
  values.reminders_stopped_at = kept.reminders_stopped_at ?? other.reminders_stopped_at;
  // First touch as a whole: the earlier lead's, the later's only when the earlier has none.
  const [first, later] = other.created_at < kept.created_at ? [other, kept] : [kept, other];
  values.created_at = first.created_at;
  const touch = hasTouch(first) ? first : later;
  for (const column of attributionColumns) values[column] = touch[column];
  // The person got as far as either lead did: the stage only moves forward, flags only rise.
  const stageOf = (row: Row) => candidateStages.indexOf(row.stage as never);
  values.stage = stageOf(other) > stageOf(kept) ? other.stage : kept.stage;
  // So does the status, new to placed (a placement survives); a closing one (not a fit) stays.
  const statusOf = (row: Row) => PIPELINE.indexOf(String(row.status));
  if (statusOf(kept) >= 0 && statusOf(other) > statusOf(kept)) values.status = other.status;
  for (const column of [...columnsOf(candidateFields, 'flag'), 'proof_issued']) {
    values[column] = Math.max(Number(kept[column]), Number(other[column]));
  }
  for (const column of ['unverified_forms', 'submissions_not_kept']) {
    values[column] = Number(kept[column]) + Number(other[column]);
  }
  return values;
}

/** The contact fields' losing values (kept as secondary contacts), and their winners. */
function contactsOf(sides: Sides) {
  const lost: Contact[] = [];
  const own: Contact[] = [];
  for (const { field, winner, loser } of sides) {
    const kind = field.contact;
    const [won, dropped] = [winner[field.column], loser[field.column]];
    if (kind && typeof won === 'string' && won !== '') own.push({ kind, value: won });
    if (kind && typeof dropped === 'string' && dropped !== '') lost.push({ kind, value: dropped });
  }
  return { lost, own };
}

type Merge = { keptId: number; otherId: number; winners: MergeWinners; by: number };

/** Account `by` merges `otherId` into `keptId`, each field from the side `winners` names; losing
    contacts stay as secondary ones; `within` runs once both are found. False: either is unknown. */
export function mergeCandidates(
  db: Kysely<PipelineTables>,
  dialect: DialectName,
  { keptId, otherId, winners, by }: Merge,
  within: AlsoWrite,
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
    // Before the other's messages move: `within` may still tell its own (a call's reminders).
    await within(trx);

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
    await deleteStatusLinks(tablesOf(trx), { table: 'candidates', ids: [otherId] });
    const sides = sidesOf(kept, other, winners);
    const othersContacts = await findContacts(trx, 'candidates', [otherId]);
    await eraseHistory(trx, 'lead_contacts', 'candidates', [otherId]);
    await trx.deleteFrom('candidates').where('id', '=', otherId).execute();
    const values = mergedValues(kept, other, sides, now);
    await trx.updateTable('candidates').set(values).where('id', '=', keptId).execute();
    const { lost, own } = contactsOf(sides);
    const lead = { table: 'candidates', id: keptId } as const;
    await keepContacts(trx, lead, [...lost, ...othersContacts], own, now);
    await refreshDerivedColumns(trx, lead);
    const merged = { kind: 'merged', text: String(otherId), account_id: by } as const;
    await addActivity(trx, 'candidates', keptId, merged);
    // A status moved forward is the merging account's change, as one made on its own would be.
    const [from_status, to_status] = [String(kept.status), values.status as string | undefined];
    const moved = { kind: 'status_changed', from_status, to_status, account_id: by } as const;
    if (to_status) await addActivity(trx, 'candidates', keptId, moved);
    return true;
  });
}
