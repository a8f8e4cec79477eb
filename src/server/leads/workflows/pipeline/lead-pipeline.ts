import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DialectName } from '../../../platform/database/migration-runner';
import { tablesOf } from '../../../platform/database/connection';
import type { OutboxTables } from '../../../platform/outbox/outbox-tables';
import { enqueueMessages } from '../../../platform/outbox/outbox';
import { PERSON_STATUS_MESSAGE } from '../messages/person-mail';
import type { StatusMessagePayload } from '../messages/person-sender';
import { leadTypeOf, type LeadRecordTables, type LeadTable } from '../../records/lead-tables';
import type { LeadActivityTable, PipelineTables } from '../../records/pipeline-tables';
import { recordStatusEvent } from './status-events';
import { assignLeads, type Assignee } from './lead-assignment';

/** The lead's status, read and locked in `trx`; undefined when there is no such lead. */
export async function lockedStatus(
  trx: Transaction<PipelineTables>,
  dialect: DialectName,
  table: LeadTable,
  id: number,
) {
  const query = trx.selectFrom(table).select('status').where('id', '=', id);
  const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  return row?.status;
}

/** A timeline entry; `text` and the statuses are null unless given. */
export async function addActivity(
  trx: Transaction<PipelineTables>,
  table: LeadTable,
  id: number,
  entry: Pick<Insertable<LeadActivityTable>, 'kind' | 'text' | 'from_status' | 'to_status'>,
) {
  const createdAt = new Date().toISOString();
  const row = await trx
    .insertInto('lead_activity')
    .values({
      lead_table: table,
      lead_id: id,
      text: null,
      from_status: null,
      to_status: null,
      ...entry,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, createdAt };
}

export interface StatusMessage {
  subject: string;
  body: string;
}

/** Rows a multi-row insert writes at once: within both drivers' parameter limits. */
const INSERT_ROWS = 1000;

/** Queues `message` to each lead's person in `trx` (topic person.status-message). */
export async function queueStatusMessages(
  trx: Transaction<PipelineTables>,
  table: LeadTable,
  ids: readonly number[],
  message: StatusMessage,
) {
  const now = new Date().toISOString();
  for (let at = 0; at < ids.length; at += INSERT_ROWS) {
    const messages = ids.slice(at, at + INSERT_ROWS).map((id) => ({
      destination: 'person' as const,
      topic: PERSON_STATUS_MESSAGE,
      payload: { table, id, ...message } satisfies StatusMessagePayload,
      subjectType: leadTypeOf(table),
      subjectId: id,
    }));
    await enqueueMessages(tablesOf<OutboxTables>(trx), messages, now);
  }
}

/* Working a lead (decision 065): each write locks the lead first, so nothing is recorded about a deleted one. */
export class LeadPipeline {
  constructor(
    private readonly db: Kysely<PipelineTables>,
    private readonly dialect: DialectName,
    /** Candidate statuses qualified, enrolled and placed go to Meta. */
    private readonly statusEvents = false,
  ) {}

  /** Sets the status; a real change also queues `message` to the person (decision 155). */
  async setStatus(table: LeadTable, id: number, status: string, message?: StatusMessage) {
    return this.db.transaction().execute(async (trx) => {
      const from = await lockedStatus(trx, this.dialect, table, id);
      if (from === undefined) return undefined;
      if (from !== status) {
        await trx
          .updateTable(table)
          .set({ status: status as never })
          .where('id', '=', id)
          .execute();
        const change = { from_status: from, to_status: status };
        await addActivity(trx, table, id, { kind: 'status_changed', ...change });
        if (this.statusEvents && table === 'candidates') {
          await recordStatusEvent(tablesOf<LeadRecordTables>(trx), id, status, new Date());
        }
        if (message) await queueStatusMessages(trx, table, [id], message);
      }
      return { from, to: status };
    });
  }

  /** Sets the lead's assignee (decision 162); {from, to} account ids, undefined for no lead. */
  async setAssignee(table: LeadTable, id: number, assignee: Assignee | null) {
    return this.db.transaction().execute(async (trx) => {
      if ((await lockedStatus(trx, this.dialect, table, id)) === undefined) return undefined;
      const lead = await trx
        .selectFrom(table)
        .select('assignee_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await assignLeads(trx, table, [id], assignee);
      return { from: lead.assignee_id, to: assignee?.id ?? null };
    });
  }

  /** The admin has seen the forms sent without the lead's proof (decision 151). */
  async markReviewed(table: LeadTable, id: number): Promise<boolean> {
    const result = await this.db
      .updateTable(table)
      .set({ unverified_forms: 0 })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async addNote(table: LeadTable, id: number, text: string) {
    return this.db.transaction().execute(async (trx) => {
      if ((await lockedStatus(trx, this.dialect, table, id)) === undefined) return undefined;
      return { ...(await addActivity(trx, table, id, { kind: 'note', text })), text };
    });
  }

  /** Records that the form e-mail went out (or to the outbox) through `transport`. */
  async recordEmailSent(table: LeadTable, id: number, transport: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if ((await lockedStatus(trx, this.dialect, table, id)) !== undefined) {
        await addActivity(trx, table, id, { kind: 'email_sent', text: transport });
      }
    });
  }
}
