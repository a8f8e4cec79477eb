import { createHmac, randomBytes } from 'node:crypto';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { PersonAuditEntry } from '@shared/admin-person';
import type { AuditAction } from '@shared/admin-audit';
import type { AuditEntry, AuditTables } from './audit-tables';

export interface AuditEntryInput {
  action: AuditAction;
  leadType?: 'candidate' | 'company';
  leadId?: number;
  /** A short fact; never a password or a lead's personal data (names, e-mail, note text). */
  detail?: string;
}

/** Lead ids a bulk change's entry names: enough to open the first few, its detail still short. */
export const BULK_ENTRY_IDS = 20;
const NAMED_IDS = /; leads ([\d, ]+)(?: and \d+ more)?$/;

/** A bulk change's detail naming its leads by id (never by name): "…; leads 4, 9 and 3 more". */
export function withLeadIds(detail: string, ids: readonly number[]): string {
  if (ids.length === 0) return detail;
  const more = ids.length - BULK_ENTRY_IDS;
  const named = ids.slice(0, BULK_ENTRY_IDS).join(', ');
  return `${detail}; leads ${named}${more > 0 ? ` and ${more} more` : ''}`;
}

/** The ids a bulk change's detail names (withLeadIds); none in any other entry's. */
export function namedLeadIds(detail: string | null): number[] {
  const named = detail === null ? undefined : NAMED_IDS.exec(detail)?.[1];
  return named ? named.split(', ').map(Number) : [];
}

export function entryView(row: Selectable<AuditEntry>): AuditEntryView {
  return {
    id: Number(row.id),
    at: row.at,
    action: row.action as AuditAction,
    actor: row.actor,
    accountId: row.account_id === null ? null : Number(row.account_id),
    leadType: row.lead_type,
    leadId: row.lead_id === null ? null : Number(row.lead_id),
    detail: row.detail,
  };
}

/** An entry as GET /api/admin/audit answers it (HELPERS contract), and in a person's report. */
export type AuditEntryView = PersonAuditEntry & { accountId: number | null };

/** Who acted: the text the log shows, and the account (null: the server itself, or nobody). */
export interface AuditActor {
  name: string;
  accountId: number | null;
}

/** Adds an entry; a deleted lead's earlier entries keep their action and id only. */
export async function addEntry(
  db: Kysely<AuditTables>,
  entry: AuditEntryInput,
  actor: AuditActor,
  now = new Date(),
): Promise<void> {
  if (entry.action === 'delete' && entry.leadType && entry.leadId !== undefined) {
    await db
      .updateTable('admin_audit_entries')
      .set({ detail: null })
      .where('lead_type', '=', entry.leadType)
      .where('lead_id', '=', entry.leadId)
      .execute();
  }
  await db
    .insertInto('admin_audit_entries')
    .values({
      at: now.toISOString(),
      action: entry.action,
      actor: actor.name,
      account_id: actor.accountId,
      lead_type: entry.leadType ?? null,
      lead_id: entry.leadId ?? null,
      detail: entry.detail ?? null,
    })
    .execute();
}

/* A person's entries name a keyed hash of their address: they correlate, naming no one. */

/** The key's row name and the token's prefix: stored values, kept as they were. */
const PERSON_KEY = 'data-subject';
const TOKEN_PREFIX = 'subject ';

/** The kept key of the person hashes, created on first use (one winner among instances). */
export async function personKey(db: Kysely<AuditTables>): Promise<Buffer> {
  // An upsert that changes nothing returns the row that is kept, new or not.
  const row = await db
    .insertInto('admin_audit_keys')
    .values({ name: PERSON_KEY, value: randomBytes(32).toString('base64') })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ name: PERSON_KEY }))
    .returning('value')
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}

/** "subject 1a2b…": 16 hex digits of HMAC-SHA256 of the normalised address under the key. */
export const personToken = (key: Buffer, normalizedEmail: string) =>
  TOKEN_PREFIX + createHmac('sha256', key).update(normalizedEmail).digest('hex').slice(0, 16);

/** What names a person in the log: their leads' ids, and the token of their address. */
interface AuditPerson {
  leads: { leadType: 'candidate' | 'company'; ids: readonly number[] }[];
  /** personToken()'s value; none for the retention (no address). */
  token?: string | undefined;
}

function naming(eb: ExpressionBuilder<AuditTables, 'admin_audit_entries'>, person: AuditPerson) {
  return eb.or([
    ...person.leads
      .filter(({ ids }) => ids.length > 0)
      .map(({ leadType, ids }) =>
        eb.and([eb('lead_type', '=', leadType), eb('lead_id', 'in', ids)]),
      ),
    // The token starts the detail of an entry about a person; it is hex, so no LIKE wildcard.
    ...(person.token ? [eb('detail', 'like', `${person.token};%`)] : []),
  ]);
}

const namesNobody = (person: AuditPerson) =>
  !person.token && person.leads.every(({ ids }) => ids.length === 0);

export async function findPersonEntries(
  db: Kysely<AuditTables>,
  person: AuditPerson,
): Promise<AuditEntryView[]> {
  if (namesNobody(person)) return [];
  const rows = await db
    .selectFrom('admin_audit_entries')
    .selectAll()
    .where((eb) => naming(eb, person))
    .orderBy('id')
    .execute();
  return rows.map(entryView);
}

/** Deletes (in the caller's transaction) the entries naming the person; how many went. */
export async function erasePersonEntries(
  trx: Kysely<AuditTables>,
  person: AuditPerson,
): Promise<number> {
  if (namesNobody(person)) return 0;
  const result = await trx
    .deleteFrom('admin_audit_entries')
    .where((eb) => naming(eb, person))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
