import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { AdminAccount, SessionEnd } from '@shared/admin-accounts';
import { networkOf } from '../../platform/http/address-key';
import { newToken, sha256Hex } from '../../platform/http/tokens';
import type { AdminAuthTables } from './auth-tables';
import { deviceName } from './device-name';

/** A session lasts 12 hours from sign-in at most, and 30 minutes from its last use. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const SESSION_IDLE_MS = 30 * 60 * 1000;
/** A session's last use is written at most this often: not one write per request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** The founding owner: signs in with ADMIN_PASSWORD alone (the spec's sign-in). */
export const OWNER_ACCOUNT_ID = 1;

/** The owner's is ADMIN_PASSWORD's; null for an account with passkeys alone. */
export const passwordHashOf = (
  account: { id: number; password_hash: string | null },
  ownerPasswordHash: string,
): string | null =>
  Number(account.id) === OWNER_ACCOUNT_ID ? ownerPasswordHash : account.password_hash;

export interface LiveSession {
  id: number;
  account: AdminAccount;
}

/** Where a sign-in came from, shown in its account's list of sessions. */
type SessionClient = { userAgent: string | undefined; ip: string };

/** Sessions in the database, so every instance accepts them; only the token's SHA-256 is kept. */
export class AdminSessions {
  constructor(
    private readonly db: Kysely<AdminAuthTables>,
    private readonly ownerPasswordHash: string,
  ) {}

  /** A session is bound to its account's password: another password refuses it. */
  private credentialOf(account: { id: number; password_hash: string | null }): string {
    return sha256Hex(`admin-session:${passwordHashOf(account, this.ownerPasswordHash) ?? ''}`);
  }

  /** A new session of the account with a new token (for the cookie; only its hash is stored). */
  async create(accountId: number, client: SessionClient, db = this.db, now = new Date()) {
    const account = await db
      .selectFrom('admin_accounts')
      .select(['id', 'name', 'email', 'role', 'password_hash'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    const token = newToken();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    const { id } = await db
      .insertInto('admin_sessions')
      .values({
        token_hash: sha256Hex(token),
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        last_seen_at: now.toISOString(),
        password_fingerprint: this.credentialOf(account),
        revoked_at: null,
        account_id: accountId,
        user_agent: client.userAgent?.slice(0, 256) ?? null,
        network: networkOf(client.ip),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Housekeeping: sessions past either limit are of no use to anyone.
    const idleSince = new Date(now.getTime() - SESSION_IDLE_MS).toISOString();
    await db
      .deleteFrom('admin_sessions')
      .where((eb) =>
        eb.or([eb('expires_at', '<', now.toISOString()), eb('last_seen_at', '<', idleSince)]),
      )
      .execute();
    const { password_hash: _hash, ...signedIn } = account;
    return { id: Number(id), account: signedIn, token, expiresAt };
  }

  async resume(token: string | undefined, now = new Date()): Promise<LiveSession | undefined> {
    if (!token || token.length > 200) return undefined;
    const row = await this.live(now)
      .innerJoin('admin_accounts as a', 'a.id', 'admin_sessions.account_id')
      .where('a.disabled_at', 'is', null)
      .select([
        'admin_sessions.id',
        'admin_sessions.last_seen_at',
        'admin_sessions.password_fingerprint',
        'a.id as account_id',
        'a.name',
        'a.email',
        'a.role',
        'a.password_hash',
      ])
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirst();
    if (!row) return undefined;
    const credential = this.credentialOf({ id: row.account_id, password_hash: row.password_hash });
    if (row.password_fingerprint !== credential) return undefined;
    if (now.getTime() - new Date(row.last_seen_at ?? 0).getTime() > TOUCH_INTERVAL_MS) {
      await this.db
        .updateTable('admin_sessions')
        .set({ last_seen_at: now.toISOString() })
        .where('id', '=', row.id)
        .execute();
    }
    const account = { id: row.account_id, name: row.name, email: row.email, role: row.role };
    return { id: row.id, account };
  }

  /** Why `token`'s session is refused: its account disabled, ended before it lapsed, or expired. */
  async whyEnded(token: string | undefined, now = new Date()): Promise<SessionEnd | undefined> {
    if (!token || token.length > 200) return undefined;
    const row = await this.db
      .selectFrom('admin_sessions')
      .innerJoin('admin_accounts as a', 'a.id', 'admin_sessions.account_id')
      .select(['a.disabled_at', 'revoked_at', 'expires_at', 'last_seen_at'])
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirst();
    if (row?.disabled_at) return 'disabled';
    if (!row?.last_seen_at) return 'expired';
    // isLive's two limits as one moment; not revoked, yet before it: its password changed.
    const lapses = Math.min(
      Date.parse(row.expires_at),
      Date.parse(row.last_seen_at) + SESSION_IDLE_MS,
    );
    const ended = row.revoked_at ? Date.parse(row.revoked_at) : now.getTime();
    return ended < lapses ? 'ended' : 'expired';
  }

  /** Logout: the session is refused from now on, even if its cookie is replayed. */
  async revoke(token: string | undefined, now = new Date()): Promise<void> {
    if (token) await this.revokeWhere(now, (eb) => eb('token_hash', '=', sha256Hex(token)));
  }

  /** Ends the live sessions of `keep`'s account but `keep`, in `db` (with its entry); how many. */
  revokeOthers(keep: LiveSession, db: Kysely<AdminAuthTables>, now = new Date()): Promise<number> {
    return this.revokeWhere(
      now,
      (eb) =>
        eb.and([isLive(eb, now), eb('account_id', '=', keep.account.id), eb('id', '!=', keep.id)]),
      db,
    );
  }

  async list(accountId: number, currentId: number, now = new Date()) {
    const rows = await this.live(now)
      .select(['id', 'user_agent', 'network', 'created_at', 'last_seen_at'])
      .where('account_id', '=', accountId)
      .orderBy('last_seen_at', 'desc')
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      device: deviceName(row.user_agent),
      network: row.network,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      current: Number(row.id) === currentId,
    }));
  }

  async accountOf(sessionId: number, now = new Date()): Promise<number | undefined> {
    const row = await this.live(now)
      .select('account_id')
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return row?.account_id == null ? undefined : Number(row.account_id);
  }

  async end(sessionId: number, db: Kysely<AdminAuthTables>): Promise<void> {
    await this.revokeWhere(new Date(), (eb) => eb('id', '=', sessionId), db);
  }

  /** Ends every session of an account (disabled, or its sign-in reset: in that transaction). */
  async endAll(accountId: number, db = this.db): Promise<void> {
    await this.revokeWhere(new Date(), (eb) => eb('account_id', '=', accountId), db);
  }

  /** A new token for `session` (a change of factor), refusing the old; id and limits stay. */
  async rotate(session: LiveSession, now = new Date()) {
    const token = newToken();
    const { expires_at } = await this.db
      .updateTable('admin_sessions')
      .set({ token_hash: sha256Hex(token), last_seen_at: now.toISOString() })
      .where('id', '=', session.id)
      .returning('expires_at')
      .executeTakeFirstOrThrow();
    return { ...session, token, expiresAt: new Date(expires_at) };
  }

  private async revokeWhere(
    now: Date,
    which: (eb: SessionsEb) => Expression<SqlBool>,
    db = this.db,
  ) {
    const result = await db
      .updateTable('admin_sessions')
      .set({ revoked_at: now.toISOString() })
      .where('revoked_at', 'is', null)
      .where(which)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  private live(now: Date) {
    return this.db.selectFrom('admin_sessions').where((eb) => isLive(eb, now));
  }
}

type SessionsEb = ExpressionBuilder<AdminAuthTables, 'admin_sessions'>;

const isLive = (eb: SessionsEb, now: Date) =>
  eb.and([
    eb('revoked_at', 'is', null),
    eb('expires_at', '>', now.toISOString()),
    eb('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS).toISOString()),
  ]);
