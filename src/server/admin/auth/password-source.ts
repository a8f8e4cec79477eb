import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AdminPasswordConfig } from '../../config/config';
import type { Kysely } from 'kysely';
import type { AdminAuthTables } from './auth-tables';
import { generatePassword, hashPassword, needsRehash, parseHash, verifyPassword } from './password';

export const GENERATED_HASH_FILE = 'admin-password.hash';
/** Where a generated password goes when there is no terminal to show it on. */
export const GENERATED_PASSWORD_FILE = 'admin-password.txt';

interface PasswordSourceOptions {
  config: AdminPasswordConfig;
  dataDir: string;
  /** Told the generated password, once, on the start that created it. */
  announce(password: string, file: string): Promise<void> | void;
}

/** ADMIN_PASSWORD_HASH, ADMIN_PASSWORD's hash, or a generated password's (announced once). */
export async function resolveAdminPasswordHash(options: PasswordSourceOptions): Promise<string> {
  const { config, dataDir } = options;
  if (config.hash) return config.hash;
  if (config.password) return hashPassword(config.password);

  const file = path.join(dataDir, GENERATED_HASH_FILE);
  const stored = await readStoredHash(file);
  if (stored) return stored;

  const password = generatePassword();
  const hash = await hashPassword(password);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx': when two instances start together on one DATA_DIR, only one writes the file.
    await writeFile(file, `${hash}\n`, { mode: 0o600, flag: 'wx' }); // the umask can only narrow it
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readStoredHash(file);
    if (winner) return winner;
    throw new Error(`${file} exists but holds no valid password hash`, { cause: error });
  }
  await options.announce(password, file);
  return hash;
}

/** Writes a file only this user may read (0600), whatever the umask. */
async function writePrivate(file: string, text: string): Promise<void> {
  await writeFile(file, text, { mode: 0o600 });
  await chmod(file, 0o600); // an existing file keeps its mode otherwise
}

/** Writes the generated password to DATA_DIR/admin-password.txt (0600) and returns its path. */
export async function writeGeneratedPassword(dataDir: string, password: string): Promise<string> {
  const file = path.join(dataDir, GENERATED_PASSWORD_FILE);
  await writePrivate(file, `${password}\n`);
  return file;
}

/** Replaces the generated password's stored hash (a cheaper one, upgraded) in one rename. */
export async function replaceGeneratedHash(dataDir: string, hash: string): Promise<void> {
  const file = path.join(dataDir, GENERATED_HASH_FILE);
  const next = `${file}.${process.pid}.new`;
  await writePrivate(next, `${hash}\n`);
  await rename(next, file);
}

async function readStoredHash(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (!parseHash(text)) {
    throw new Error(`${file} does not hold a valid password hash: delete it to generate a new one`);
  }
  return text;
}

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
