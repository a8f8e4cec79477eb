import type { Selectable, Transaction } from 'kysely';
import type { AdminRole, InvitationEntry } from '@shared/admin-accounts';
import { tablesOf } from '../../platform/database/connection';
import { enqueueMessages } from '../../platform/outbox/outbox';
import type { OutboxTables } from '../../platform/outbox/outbox-tables';
import type { AdminAuthTables } from './auth-tables';

/* The writes of an invitation in its transaction: itself with its e-mail, then its account. */

/** An invitation is usable once, within 72 hours of being made. */
const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;
const INVITATION_TOPIC = 'admin.invitation';

export type AccountTables = AdminAuthTables & OutboxTables;

type Row<Table extends keyof AccountTables> = Selectable<AccountTables[Table]>;

/** An invitation's new account, unless its address has one already. */
export async function createAccount(
  trx: Transaction<AccountTables>,
  invitation: Pick<Row<'admin_accounts'>, 'email' | 'name' | 'role'>,
  passwordHash: string | null,
  now: Date,
) {
  return trx
    .insertInto('admin_accounts')
    .values({
      ...invitation,
      password_hash: passwordHash,
      created_at: now.toISOString(),
      disabled_at: null,
    })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** A pending invitation (`accountId`: a reset of that account), replacing the address's last. */
export async function addInvitation(
  trx: Transaction<AccountTables>,
  invitation: { email: string; role: AdminRole; invitedBy: number; accountId: number | null },
  now: Date,
) {
  const { email, role, invitedBy, accountId } = invitation;
  await trx
    .deleteFrom('admin_invitations')
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .execute();
  const row = await trx
    .insertInto('admin_invitations')
    .values({
      email,
      role,
      token_hash: null,
      invited_by: invitedBy,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
      accepted_at: null,
      account_id: accountId,
    })
    .returning(['id', 'email', 'role', 'created_at', 'expires_at'])
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  const message = {
    destination: 'admin',
    topic: INVITATION_TOPIC,
    payload: { invitationId: id },
    subjectType: 'admin_invitation',
    subjectId: id,
  } as const;
  await enqueueMessages(tablesOf<OutboxTables>(trx), [message], now.toISOString());
  return invitationOf(row);
}

export function invitationOf(
  row: Pick<Row<'admin_invitations'>, 'id' | 'email' | 'role' | 'created_at' | 'expires_at'>,
): InvitationEntry {
  const { id, email, role, created_at: createdAt, expires_at: expiresAt } = row;
  return { id: Number(id), email, role, createdAt, expiresAt };
}
