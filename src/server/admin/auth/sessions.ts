import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdminAuthTables } from './auth-tables';

/** An admin session lasts 12 hours from sign-in (issue 4). */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export interface NewSession {
  /** Goes into the cookie; only its hash is stored. */
  token: string;
  expiresAt: Date;
}

/**
 * Sessions live in the database, so every server instance on the same database accepts
 * them (docs/decisions/020). The token is 32 random bytes; the table keeps its SHA-256, so
 * reading the table does not let anyone sign in.
 */
export async function createSession(
  db: Kysely<AdminAuthTables>,
  now = new Date(),
): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db
    .insertInto('admin_sessions')
    .values({
      token_hash: sha256(token),
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      revoked_at: null,
    })
    .execute();
  // Housekeeping: sessions past their expiry are of no use to anyone.
  await db.deleteFrom('admin_sessions').where('expires_at', '<', now.toISOString()).execute();
  return { token, expiresAt };
}

/** True when `token` belongs to a session that is neither expired nor revoked. */
export async function isValidSession(
  db: Kysely<AdminAuthTables>,
  token: string | undefined,
  now = new Date(),
): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const row = await db
    .selectFrom('admin_sessions')
    .select('id')
    .where('token_hash', '=', sha256(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/** Logout: the session is refused from now on, even if its cookie is replayed. */
export async function revokeSession(
  db: Kysely<AdminAuthTables>,
  token: string | undefined,
  now = new Date(),
): Promise<void> {
  if (!token) return;
  await db
    .updateTable('admin_sessions')
    .set({ revoked_at: now.toISOString() })
    .where('token_hash', '=', sha256(token))
    .where('revoked_at', 'is', null)
    .execute();
}
