import type { Kysely } from 'kysely';
import type { AdminAuthTables } from './auth-tables';
import { hashPassword, verifyPassword } from './password';

const ROW = 1;

/**
 * The hash of ADMIN_PASSWORD that every instance on this database uses: the kept one while it
 * still matches the password, else a new one that replaces it. Hashing afresh on each start
 * would give each instance and each restart a different salt, and so a different session
 * fingerprint: every restart would end every session. Only the scrypt hash is kept.
 */
export async function keptPasswordHash(
  db: Kysely<AdminAuthTables>,
  password: string,
): Promise<string> {
  const kept = await read(db);
  if (kept !== undefined && (await verifyPassword(password, kept))) return kept;
  const fresh = await hashPassword(password);
  if (kept === undefined) {
    await db
      .insertInto('admin_password')
      .values({ id: ROW, password_hash: fresh })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  } else {
    // Replaced only if no other instance replaced it meanwhile.
    await db
      .updateTable('admin_password')
      .set({ password_hash: fresh })
      .where('id', '=', ROW)
      .where('password_hash', '=', kept)
      .execute();
  }
  // Two instances starting together with the new password agree on whichever hash won.
  const winner = await read(db);
  if (winner === fresh) return fresh;
  return winner !== undefined && (await verifyPassword(password, winner)) ? winner : fresh;
}

async function read(db: Kysely<AdminAuthTables>): Promise<string | undefined> {
  const row = await db
    .selectFrom('admin_password')
    .select('password_hash')
    .where('id', '=', ROW)
    .executeTakeFirst();
  return row?.password_hash;
}
