import { Migrator, type Kysely, type Migration } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/* One set of migrations for both databases, in code (the bundle carries them); only `up`. */

/** A capability's migrations by name; the names of all sets sort in the order they run. */
export type MigrationSet = (dialect: DialectName) => Record<string, Migration>;

/** Every set's migrations in one global order, by name; a name used twice is a bug. */
export function collectMigrations(
  sets: readonly MigrationSet[],
  dialect: DialectName,
): Record<string, Migration> {
  const all = new Map<string, Migration>();
  for (const set of sets) {
    for (const [name, migration] of Object.entries(set(dialect))) {
      if (all.has(name)) throw new Error(`two migrations are named ${name}`);
      all.set(name, migration);
    }
  }
  return Object.fromEntries([...all].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** `sets` as one set whose names are all in `order` (sorted): else the server will not start. */
export function inOrder(sets: readonly MigrationSet[], order: readonly string[]): MigrationSet {
  const unsorted = order.find((name, index) => index > 0 && order[index - 1]! >= name);
  if (unsorted) throw new Error(`the migration order is not sorted by name at ${unsorted}`);
  const registered = new Set(order);
  return (dialect) => {
    const all = collectMigrations(sets, dialect);
    const missing = Object.keys(all).find((name) => !registered.has(name));
    if (missing) throw new Error(`migration ${missing} is not in the migration order`);
    return all;
  };
}

/** Brings the schema up to date; throws (and the server refuses to start) if that fails. */
export async function migrateToLatest<DB>(
  db: Kysely<DB>,
  dialect: DialectName,
  sets: readonly MigrationSet[],
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => collectMigrations(sets, dialect) },
    // Databases from before the migration order ran some migrations out of name order
    // (e.g. 002 after 022): Kysely runs the missing ones instead of refusing to start.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error ?? 'unknown'));
    const which = failed ? ` ${failed.migrationName}` : '';
    throw new Error(`Database migration${which} failed: ${cause.message}`, { cause });
  }
}
