import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  can,
  type AccountEntry,
  type AccountListing,
  type AdminRole,
} from '@shared/admin-accounts';
import { normalizeEmail } from '../../leads';
import type { AlsoWrite, SharedTransaction } from '../../platform/database/connection';
import { newToken, sha256Hex } from '../../platform/http/tokens';
import {
  addInvitation,
  createAccount,
  invitationOf,
  type AccountTables,
} from './invitation-writes';
import { hashPassword, needsRehash, verifyPassword } from './password';
import { OWNER_ACCOUNT_ID } from './sessions';

/** Why a change was refused: the error handler answers `statusCode` with `{"error": message}`. */
export class AccountRefusal extends Error {
  constructor(
    readonly statusCode: 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

const DISABLED = 'This account is disabled: once an owner enables it, use this link again';

/** A password, or a passkey `keepPasskey` stores as the account is created. */
export type FirstCredential =
  | { password: string }
  | { keepPasskey(trx: Transaction<AccountTables>, accountId: number): Promise<unknown> };

export class AdminAccounts {
  constructor(
    private readonly db: Kysely<AccountTables>,
    /** A hash to spend the same scrypt time on when no account has the e-mail. */
    private readonly decoyHash: string,
  ) {}

  /** The enabled account with this e-mail and password; a cheaper hash is made anew. */
  async verify(email: string, password: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('admin_accounts')
      .select(['id', 'password_hash'])
      .where('email', '=', normalizeEmail(email))
      .where('disabled_at', 'is', null)
      .where('password_hash', 'is not', null)
      .executeTakeFirst();
    // Unknown e-mails take as long as wrong passwords: the answer's time names no account.
    const matches = await verifyPassword(password, row?.password_hash ?? this.decoyHash);
    if (!row?.password_hash || !matches) return undefined;
    if (needsRehash(row.password_hash)) {
      await this.db
        .updateTable('admin_accounts')
        .set({ password_hash: await hashPassword(password) })
        .where('id', '=', row.id)
        .where('password_hash', '=', row.password_hash)
        .execute();
    }
    return Number(row.id);
  }

  async list(now = new Date()): Promise<AccountListing> {
    const [accounts, invitations] = await Promise.all([
      this.db.selectFrom('admin_accounts').selectAll().orderBy('id').execute(),
      this.db
        .selectFrom('admin_invitations')
        .select(['id', 'email', 'role', 'created_at', 'expires_at'])
        .where('accepted_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .orderBy('id')
        .execute(),
    ]);
    return { accounts: accounts.map(entryOf), invitations: invitations.map(invitationOf) };
  }

  /** Invites `email` as `role`, replacing a pending one; its e-mail and `audited` commit with it. */
  async invite(
    email: string,
    role: AdminRole,
    invitedBy: number,
    audited: AlsoWrite<{ id: number }>,
    now = new Date(),
  ) {
    const address = normalizeEmail(email);
    return this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('admin_accounts')
        .select('id')
        .where('email', '=', address)
        .executeTakeFirst();
      if (taken) throw new AccountRefusal(409, 'An account with this e-mail already exists');
      const invitation = await addInvitation(
        trx,
        { email: address, role, invitedBy, accountId: null },
        now,
      );
      await audited(trx, invitation);
      return invitation;
    });
  }

  /** Takes every credential of an account (`forget`: sessions, factors) and mails it a new link. */
  async resetSignIn(accountId: number, invitedBy: number, forget: AlsoWrite, now = new Date()) {
    if (accountId === OWNER_ACCOUNT_ID) {
      throw new AccountRefusal(409, 'The founding owner signs in with ADMIN_PASSWORD: change it');
    }
    if (accountId === invitedBy) {
      throw new AccountRefusal(409, 'Change your own sign-in in your Security panel');
    }
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('admin_accounts')
        .set({ password_hash: null })
        .where('id', '=', accountId)
        .returning(['email', 'role', 'disabled_at'])
        .executeTakeFirst();
      if (!row?.email) throw new AccountRefusal(404, 'No such account');
      // A disabled account could not use the link: enabling first keeps the link's promise.
      if (row.disabled_at !== null) throw new AccountRefusal(409, 'Enable the account first');
      await forget(trx);
      return addInvitation(trx, { email: row.email, role: row.role, invitedBy, accountId }, now);
    });
  }

  /** Withdraws a pending invitation, `audited`; false if none. A reset's is its one way in. */
  async withdraw(invitationId: number, audited: AlsoWrite): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('admin_invitations')
        .select('account_id')
        .where('id', '=', invitationId)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      if (!row) return false;
      if (row.account_id !== null) {
        throw new AccountRefusal(
          409,
          'This link is the only way back in since the sign-in was reset: to stop it, reset the sign-in again (a new link) or disable the account',
        );
      }
      const result = await trx
        .deleteFrom('admin_invitations')
        .where('id', '=', invitationId)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      const withdrawn = Number(result.numDeletedRows) > 0;
      if (withdrawn) await audited(trx);
      return withdrawn;
    });
  }

  /** A new token, made as the e-mail is sent: a retried send makes another, the first link dies. */
  async tokenToSend(invitationId: number, now = new Date()) {
    const token = newToken();
    const row = await this.db
      .updateTable('admin_invitations')
      .set({ token_hash: sha256Hex(token) })
      .where('id', '=', invitationId)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .returning(['email', 'role', 'expires_at', 'invited_by', 'account_id'])
      .executeTakeFirst();
    if (!row) return undefined;
    // The mail names the owner who sent it: the person can tell a colleague's from a stranger's.
    const sender = await this.db
      .selectFrom('admin_accounts')
      .select('name')
      .where('id', '=', row.invited_by)
      .executeTakeFirstOrThrow();
    const { email, role, expires_at: expiresAt, account_id: accountId } = row;
    return { email, role, expiresAt, token, sender: sender.name, reset: accountId !== null };
  }

  /** The pending invitation of `token`: its address and role (a reset's: the account's name). */
  async pending(token: string, now = new Date()) {
    if (token.length > 200) return undefined;
    return this.db
      .selectFrom('admin_invitations as i')
      .leftJoin('admin_accounts as a', 'a.id', 'i.account_id')
      .select(['i.id', 'i.email', 'i.role', 'i.account_id', 'a.name'])
      .where('i.token_hash', '=', sha256Hex(token))
      .where('i.accepted_at', 'is', null)
      .where('i.expires_at', '>', now.toISOString())
      .executeTakeFirst();
  }

  /** Creates `token`'s account, or sets a reset one's credential (once), then `then`. */
  async accept<T>(
    token: string,
    name: string,
    credential: FirstCredential,
    then: (trx: SharedTransaction, accountId: number) => Promise<T>,
    now = new Date(),
  ): Promise<T | undefined> {
    const invitation = await this.pending(token, now);
    if (!invitation) return undefined;
    const passwordHash = 'password' in credential ? await hashPassword(credential.password) : null;
    const { email, role } = invitation;
    return this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable('admin_invitations')
        .set({ accepted_at: now.toISOString() })
        .where('id', '=', invitation.id)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) return undefined;
      const account =
        invitation.account_id === null
          ? await createAccount(trx, { email, role, name: name.trim() }, passwordHash, now)
          : await trx
              .updateTable('admin_accounts')
              .set({ password_hash: passwordHash })
              .where('id', '=', invitation.account_id)
              .where('disabled_at', 'is', null)
              .returning('id')
              .executeTakeFirst();
      // Thrown, so the link is not spent: it works again once the account is enabled.
      if (!account && invitation.account_id !== null) throw new AccountRefusal(409, DISABLED);
      if (!account) return undefined;
      if ('keepPasskey' in credential) await credential.keepPasskey(trx, Number(account.id));
      return then(trx, Number(account.id));
    });
  }

  /** Changes a role, or disables, in `trx`; the founding owner stays an enabled owner. */
  async change(
    trx: Kysely<AccountTables>,
    accountId: number,
    change: { role?: AdminRole | undefined; disabled?: boolean | undefined },
    now = new Date(),
  ): Promise<AccountEntry & { formerRole: AdminRole }> {
    const row = await trx
      .selectFrom('admin_accounts')
      .selectAll()
      .where('id', '=', accountId)
      .executeTakeFirst();
    if (!row) throw new AccountRefusal(404, 'No such account');
    const demotes = change.role !== undefined && change.role !== 'owner';
    if (accountId === OWNER_ACCOUNT_ID && (demotes || change.disabled === true)) {
      throw new AccountRefusal(
        409,
        'The founding owner signs in with ADMIN_PASSWORD and stays an enabled owner, so there is always one',
      );
    }
    const updated = await trx
      .updateTable('admin_accounts')
      .set({
        ...(change.role === undefined ? {} : { role: change.role }),
        ...(change.disabled === undefined
          ? {}
          : { disabled_at: change.disabled ? (row.disabled_at ?? now.toISOString()) : null }),
      })
      .where('id', '=', accountId)
      .returningAll()
      .executeTakeFirstOrThrow();
    // Whoever may no longer invite leaves no open invitation: an owner's way back once disabled.
    if (updated.disabled_at !== null || !can(updated.role, 'manage')) {
      await trx
        .deleteFrom('admin_invitations')
        .where('invited_by', '=', accountId)
        .where('accepted_at', 'is', null)
        .execute();
    }
    return { ...entryOf(updated), formerRole: row.role };
  }
}

function entryOf({ id, name, email, role, ...row }: Selectable<AccountTables['admin_accounts']>) {
  const disabled = row.disabled_at !== null;
  return { id: Number(id), name, email, role, disabled, createdAt: row.created_at };
}
