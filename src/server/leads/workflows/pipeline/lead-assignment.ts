import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { ADMIN_ROLES, can, type AdminRole } from '@shared/admin-accounts';
import type { MigrationSet } from '../../../platform/database/migration-runner';
import { tablesOf } from '../../../platform/database/connection';
import { asInteger } from '../../records/id-list';
import type { LeadTable } from '../../records/lead-tables';
import type { PipelineTables } from '../../records/pipeline-tables';

/* Who works a lead (decision 162): assignee_id, and the turns of ASSIGN_NEW_LEADS=round-robin. */

export interface AssignmentTables {
  /** What this reads of the admin's accounts: never written here. */
  admin_accounts: { id: number; name: string; role: AdminRole; disabled_at: string | null };
  /** One row: the last turn handed out. Its update serializes the assigners of every instance. */
  lead_assignment_clock: { id: number; turn: number };
  /** Each recruiter's last turn: the one with the oldest gets the next lead. */
  lead_assignment_turns: { account_id: number; turn: number };
}

type Db = Kysely<AssignmentTables>;
type AnyDb = Pick<Kysely<object>, 'getExecutor'>;

export interface Assignee {
  id: number;
  name: string;
}

export const assignmentMigrations: MigrationSet = () => ({
  '260_lead_assignee': {
    async up(db: Kysely<unknown>) {
      for (const table of ['candidates', 'companies']) {
        await db.schema.alterTable(table).addColumn('assignee_id', 'integer').execute();
        await sql`create index ${sql.id(`${table}_assignee_idx`)}
          on ${sql.id(table)} (lead_type, assignee_id, created_at, id)`.execute(db);
        await sql`create index ${sql.id(`${table}_assignee_any_type_idx`)}
          on ${sql.id(table)} (assignee_id, created_at, id)`.execute(db);
      }
      await db.schema
        .createTable('lead_assignment_clock')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('turn', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into lead_assignment_clock (id, turn) values (1, 0)`.execute(db);
      await db.schema
        .createTable('lead_assignment_turns')
        .addColumn('account_id', 'integer', (c) => c.primaryKey())
        .addColumn('turn', 'integer', (c) => c.notNull())
        .execute();
    },
  },
});

const WORKING_ROLES = ADMIN_ROLES.filter((role) => can(role, 'work'));

const enabledAccounts = (db: Db) =>
  db.selectFrom('admin_accounts').select(['id', 'name']).where('disabled_at', 'is', null);

const assignable = (db: AnyDb) =>
  enabledAccounts(tablesOf<AssignmentTables>(db)).where('role', 'in', WORKING_ROLES);

/** The accounts a lead may be assigned to (enabled owners and recruiters), by name. */
export function listAssignees(db: AnyDb): Promise<Assignee[]> {
  return assignable(db).orderBy('name').orderBy('id').execute();
}

/** Account `id` if a lead may be assigned to it, else undefined. */
export function findAssignee(db: AnyDb, id: number): Promise<Assignee | undefined> {
  return assignable(db).where('id', '=', id).executeTakeFirst();
}

/** Account `by` (null: the server, by turn) sets the assignee of up to 10,000 leads, with a
    timeline entry each: one statement each. */
export async function assignLeads(
  db: AnyDb,
  table: LeadTable,
  ids: readonly number[],
  assignee: Assignee | null,
  by: number | null,
): Promise<number> {
  if (ids.length === 0) return 0;
  const tables = tablesOf<PipelineTables>(db);
  const changes = (eb: ExpressionBuilder<PipelineTables, LeadTable>) =>
    eb.and([
      eb('id', 'in', ids),
      assignee === null
        ? eb('assignee_id', 'is not', null)
        : eb.or([eb('assignee_id', 'is', null), eb('assignee_id', '!=', assignee.id)]),
    ]);
  const now = new Date().toISOString();
  await tables
    .insertInto('lead_activity')
    .columns(['lead_table', 'lead_id', 'kind', 'assignee_id', 'account_id', 'created_at'])
    .expression(
      tables
        .selectFrom(table)
        .where(changes)
        .select((eb) => [
          eb.val(table).as('lead_table'),
          'id',
          eb.val('assigned').as('kind'),
          asInteger(assignee?.id ?? null).as('assignee_id'),
          asInteger(by).as('account_id'),
          eb.val(now).as('created_at'),
        ]),
    )
    .execute();
  const updated = await tables
    .updateTable(table)
    .set({ assignee_id: assignee?.id ?? null, worked_at: now })
    .where(changes)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

/** To the recruiter whose turn is oldest; the clock's row lock makes instances take turns. */
export async function assignInTurn(db: AnyDb, table: LeadTable, id: number): Promise<void> {
  const tables = tablesOf<AssignmentTables>(db);
  const { turn } = await tables
    .updateTable('lead_assignment_clock')
    .set({ turn: sql`turn + 1` })
    .where('id', '=', 1)
    .returning('turn')
    .executeTakeFirstOrThrow();
  const next = await enabledAccounts(tables)
    .leftJoin('lead_assignment_turns', 'account_id', 'admin_accounts.id')
    .where('role', '=', 'recruiter')
    .orderBy((eb) => eb.fn.coalesce('lead_assignment_turns.turn', eb.lit(0)))
    .orderBy('admin_accounts.id')
    .limit(1)
    .executeTakeFirst();
  if (!next) return;
  await tables
    .insertInto('lead_assignment_turns')
    .values({ account_id: next.id, turn })
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet({ turn }))
    .execute();
  await assignLeads(db, table, [id], next, null);
}
