import type { Kysely } from 'kysely';
import { BULK_LIMIT } from '@shared/admin-audit';
import type { AlsoWrite } from '../../../platform/database/connection';
import type { DialectName } from '../../../platform/database/migration-runner';
import { idIn } from '../../records/id-list';
import type { LeadTable } from '../../records/lead-tables';
import { assignLeads, type Assignee } from './lead-assignment';
import type { StatusMessage } from '../messages/person-mail';
import { changeStatus, type CancelCall, type StatusActor } from './lead-pipeline';
import type { PipelineTables } from '../../records/pipeline-tables';

export type LeadSelection<Filter> = { ids: readonly number[] } | { filter: Filter };

export interface BulkChange {
  status?: string | undefined;
  message?: StatusMessage | undefined;
  /** The account the leads go to; null: unassigned; undefined: left as they are. */
  assignee?: Assignee | null | undefined;
}

/** Leads selected, and those whose status and assignee changed. */
type BulkCounts = { count: number; changed: number; assigned: number };

const tooMany = `More than ${BULK_LIMIT.toLocaleString('en-US')} leads: at most that many a call`;

export interface BulkOptions<Filter> {
  db: Kysely<PipelineTables>;
  dialect: DialectName;
  /** Ids of the leads `filter` matches, at most `limit` of them. */
  matching: (table: LeadTable, filter: Filter, limit: number) => Promise<number[]>;

  statusEvents: boolean;
  cancelCall?: CancelCall | undefined;
}

/** Many leads at once, all or nothing: set-based statements recording what single changes do. */
export class BulkChanges<Filter> {
  constructor(private readonly options: BulkOptions<Filter>) {}

  /** `by`'s change: the counts, or a refusal naming the body's field (nothing changed). */
  async apply(
    table: LeadTable,
    selection: LeadSelection<Filter>,
    change: BulkChange,
    by: StatusActor,
    /** Given the counts and the selected leads' ids, ascending. */
    audit: AlsoWrite<BulkCounts & { ids: number[] }>,
  ): Promise<BulkCounts | { field: 'ids' | 'filter'; error: string }> {
    // A filter's matches are read before the transaction (a reader's work, not the writer's).
    const ids =
      'ids' in selection
        ? [...new Set(selection.ids)]
        : await this.options.matching(table, selection.filter, BULK_LIMIT + 1);
    if (ids.length > BULK_LIMIT)
      return { field: 'ids' in selection ? 'ids' : 'filter', error: tooMany };
    const { db, dialect, statusEvents, cancelCall } = this.options;
    const { status, message, assignee } = change;
    return db.transaction().execute(async (trx) => {
      // The bookings' turn before the candidates' rows, as a batch of bookings takes them.
      if (table === 'candidates' && status !== undefined) await cancelCall?.turn(trx);
      const locked = trx
        .selectFrom(table)
        .select(['id', 'status'])
        .where(idIn(dialect, ids))
        .orderBy('id'); // two bulk changes lock their rows in one order
      const rows = await (dialect === 'postgres' ? locked.forUpdate() : locked).execute();
      if ('ids' in selection && rows.length < ids.length) {
        const known = new Set(rows.map((row) => row.id));
        const unknown = ids.filter((id) => !known.has(id));
        return {
          field: 'ids',
          error: `Unknown leads: ${unknown.slice(0, 20).join(', ')}`,
        } as const;
      }
      const changed = rows.filter((row) => status !== undefined && row.status !== status);
      if (status !== undefined) {
        const effects = { message, statusEvents, by, cancelCall };
        const movedIds = changed.map((row) => row.id);
        await changeStatus(trx, dialect, table, movedIds, status, effects);
      }
      const found = rows.map((row) => row.id);
      const assigned =
        assignee === undefined ? 0 : await assignLeads(trx, table, found, assignee, by.accountId);
      const counts = { count: rows.length, changed: changed.length, assigned };
      // The audit log's tables are the admin's, not the lead context's.
      await audit(trx, { ...counts, ids: found.map(Number).sort((a, b) => a - b) });
      return counts;
    });
  }
}
