import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { isStatusEvent, recordStatusConversion } from '../../../conversions';
import { asInteger, idIn } from '../../records/id-list';
import type { DialectName } from '../../../platform/database/migration-runner';
import {
  tablesOf,
  type AlsoWrite,
  type SharedTransaction,
} from '../../../platform/database/connection';
import type { OutboxTables } from '../../../platform/outbox/outbox-tables';
import { enqueueMessages } from '../../../platform/outbox/outbox';
import { PERSON_STATUS_MESSAGE, type StatusMessage } from '../messages/person-mail';
import type { StatusMessagePayload } from '../messages/person-sender';
import {
  leadTypeOf,
  type LeadRecordTables,
  type LeadRef,
  type LeadTable,
} from '../../records/lead-tables';
import type { LeadActivityTable, PipelineTables } from '../../records/pipeline-tables';
import { awaitsUs, noCallWords } from '../people/status-words';
import { conversionFacts } from './status-events';
import { assignLeads, type Assignee } from './lead-assignment';

/** `work` in a transaction holding the lead's row lock, then `also`; undefined for no such lead. */
export function withLockedLead<T>(
  db: Kysely<PipelineTables>,
  dialect: DialectName,
  lead: LeadRef,
  work: (trx: Transaction<PipelineTables>, status: string) => Promise<T>,
  also?: AlsoWrite<T>,
): Promise<T | undefined> {
  return db.transaction().execute(async (trx) => {
    const status = await lockedStatus(trx, dialect, lead);
    if (status === undefined) return undefined;
    const result = await work(trx, status);
    await also?.(trx, result);
    return result;
  });
}

/** The lead's status, its row held till `trx` ends (SQLite: one writer at a time anyway). */
async function lockedStatus(
  trx: Kysely<PipelineTables>,
  dialect: DialectName,
  { table, id }: LeadRef,
) {
  const query = trx.selectFrom(table).select('status').where('id', '=', id);
  return (await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst())?.status;
}

/** The candidate's words once no call is theirs (closed, enrolled, placed), read in a booking's
    `trx` holding their row as a status change does: either waits for the other to commit. */
export async function noCallNow(trx: SharedTransaction, dialect: DialectName, id: number) {
  const lead = { table: 'candidates', id } as const;
  const status = await lockedStatus(tablesOf<PipelineTables>(trx), dialect, lead);
  return status === undefined ? undefined : noCallWords(status);
}

/** A status's or an assignee's change: before and after. */
type Change = { from: string | number | null; to: string | number | null };

/** Who changes a status: their account, and how the audit log names them (with the session). */
export type StatusActor = { accountId: number; name: string };

/** Cancels the candidates' calls not yet started in `trx` (the bookings'), saying why: their new
    `status`, set by `by` (null: the person). */
export interface CancelCall {
  (
    trx: Transaction<PipelineTables>,
    candidateIds: readonly number[],
    cause: { status: string; by: StatusActor | null },
  ): Promise<unknown>;
  /** Waits for the bookings' turn. A batch of bookings takes it, then locks its candidates one by
      one: a change locking several candidates takes it first, or each could hold what the other
      waits for (PostgreSQL ends one of them: a deadlock). */
  turn(trx: Transaction<PipelineTables>): Promise<unknown>;
}

type ActivityEntry = Pick<
  Insertable<LeadActivityTable>,
  'kind' | 'text' | 'from_status' | 'to_status' | 'account_id'
>;

/** The team's timeline entry (`text`, statuses null unless given): the lead's "Last activity". */
export async function addActivity(
  trx: Kysely<PipelineTables>,
  table: LeadTable,
  id: number,
  entry: ActivityEntry,
  byPerson = false,
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
  if (!byPerson) {
    await trx.updateTable(table).set({ worked_at: createdAt }).where('id', '=', id).execute();
  }
  return { id: row.id, createdAt };
}

/** The person's own act, in the timeline as theirs; the lead's "Last activity" stays the team's. */
export const addPersonAct = (
  trx: Kysely<PipelineTables>,
  table: LeadTable,
  id: number,
  entry: Omit<ActivityEntry, 'text'>,
) => addActivity(trx, table, id, { ...entry, text: 'person' }, true);

/** Rows a multi-row insert writes at once: within both drivers' parameter limits. */
const INSERT_ROWS = 1000;

/** What a status change records beside itself: the person's message, Meta's event, who, and
    the calls it releases. */
type StatusEffects = {
  message: StatusMessage | undefined;
  statusEvents: boolean;
  by: StatusActor;
  cancelCall: CancelCall | undefined;
};

/** The status of leads `ids` (each not yet at it), what each change records, and `message`. */
export async function changeStatus(
  trx: Transaction<PipelineTables>,
  dialect: DialectName,
  table: LeadTable,
  ids: readonly number[],
  status: string,
  { message, statusEvents, by, cancelCall }: StatusEffects,
) {
  if (ids.length === 0) return;
  const now = new Date();
  // The activity first: it reads each lead's status before the change.
  await trx
    .insertInto('lead_activity')
    .columns([
      'lead_table',
      'lead_id',
      'kind',
      'from_status',
      'to_status',
      'account_id',
      'created_at',
    ])
    .expression(
      trx
        .selectFrom(table)
        .select([
          sql.lit(table).as('lead_table'),
          'id',
          sql.lit('status_changed').as('kind'),
          'status',
          sql.val(status).as('to_status'),
          asInteger(by.accountId).as('account_id'),
          sql.val(now.toISOString()).as('created_at'),
        ])
        .where(idIn(dialect, ids)),
    )
    .execute();
  await trx
    .updateTable(table)
    .set({ status: status as never, worked_at: now.toISOString() })
    .where(idIn(dialect, ids))
    .execute();
  // Closed, enrolled or placed, a candidate has no call ahead (/book says so): it goes with this.
  if (table === 'candidates' && !awaitsUs(status)) await cancelCall?.(trx, ids, { status, by });
  // A new status to the Conversions API (decision 110) with proven consent, click and contact.
  if (statusEvents && table === 'candidates' && isStatusEvent(status)) {
    const records = tablesOf<LeadRecordTables>(trx);
    for (const id of ids) {
      await recordStatusConversion(
        records,
        { ...(await conversionFacts(records, id)), status },
        now,
      );
    }
  }
  for (let at = 0; message && at < ids.length; at += INSERT_ROWS) {
    const messages = ids.slice(at, at + INSERT_ROWS).map((id) => ({
      destination: 'person' as const,
      topic: PERSON_STATUS_MESSAGE,
      payload: { table, id, ...message } satisfies StatusMessagePayload,
      subjectType: leadTypeOf(table),
      subjectId: id,
    }));
    await enqueueMessages(tablesOf<OutboxTables>(trx), messages, now.toISOString());
  }
}

/** Working a lead (decision 065): each write locks the lead first, so nothing is recorded about a deleted one. */
export class LeadPipeline {
  constructor(
    private readonly db: Kysely<PipelineTables>,
    private readonly dialect: DialectName,
    /** Candidate statuses qualified, enrolled and placed go to Meta. */
    private readonly statusEvents: boolean,
    private readonly cancelCall?: CancelCall,
  ) {}

  /** `by` sets the status; a real change also queues `message` to the person (155). */
  async setStatus(
    table: LeadTable,
    id: number,
    by: StatusActor,
    status: string,
    message?: StatusMessage,
    also?: AlsoWrite<Change>,
  ) {
    const { db, dialect, statusEvents, cancelCall } = this;
    const effects = { message, statusEvents, by, cancelCall };
    const work = async (trx: Transaction<PipelineTables>, from: string) => {
      if (from !== status) await changeStatus(trx, dialect, table, [id], status, effects);
      return { from, to: status };
    };
    return withLockedLead<Change>(db, dialect, { table, id }, work, also);
  }

  /** Account `by` sets the assignee (162); {from, to} account ids, undefined for no lead. */
  async setAssignee(
    table: LeadTable,
    id: number,
    by: number,
    assignee: Assignee | null,
    also?: AlsoWrite<Change>,
  ) {
    const work = async (trx: Transaction<PipelineTables>) => {
      const lead = await trx
        .selectFrom(table)
        .select('assignee_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await assignLeads(trx, table, [id], assignee, by);
      return { from: lead.assignee_id, to: assignee?.id ?? null };
    };
    return withLockedLead<Change>(this.db, this.dialect, { table, id }, work, also);
  }

  /** The admin has seen the forms sent without the lead's proof (decision 176). */
  async markReviewed(table: LeadTable, id: number, also?: AlsoWrite<unknown>): Promise<boolean> {
    const work = (trx: Transaction<PipelineTables>) =>
      trx.updateTable(table).set({ unverified_forms: 0 }).where('id', '=', id).execute();
    return (await withLockedLead(this.db, this.dialect, { table, id }, work, also)) !== undefined;
  }

  /** Account `by` writes a note. */
  async addNote(table: LeadTable, id: number, by: number, text: string, also?: AlsoWrite<unknown>) {
    const work = async (trx: Transaction<PipelineTables>) => ({
      ...(await addActivity(trx, table, id, { kind: 'note', text, account_id: by })),
      text,
    });
    return withLockedLead(this.db, this.dialect, { table, id }, work, also);
  }

  /** Account `by` sent the form e-mail through `transport`; `audited` commits with its line. */
  async recordEmailSent(
    table: LeadTable,
    id: number,
    by: number,
    transport: string,
    audited: AlsoWrite<unknown>,
  ) {
    const activity = { kind: 'email_sent', text: transport, account_id: by } as const;
    const work = (trx: Transaction<PipelineTables>) => addActivity(trx, table, id, activity);
    await withLockedLead(this.db, this.dialect, { table, id }, work, audited);
  }
}
