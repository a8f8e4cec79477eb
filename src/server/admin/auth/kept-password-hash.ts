import type { Kysely } from 'kysely';
import type { AdminAuthTables } from './auth-tables';
import { hashPassword, needsRehash, verifyPassword } from './password';

const ROW = 1;

/** ADMIN_PASSWORD's kept hash at today's cost: a new salt would end every session. */
export async function keptPasswordHash(
  db: Kysely<AdminAuthTables>,
  password: string,
): Promise<string> {
  const kept = await read(db);
  if (kept !== undefined && !needsRehash(kept) && (await verifyPassword(password, kept))) {
    return kept;
  }
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
