import { Migrator, type Kysely, type Migration } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/*
 * One set of migrations for both databases, collected from the capabilities
 * (src/server/database.ts), in code so the esbuild bundle carries them. Portable column types only;
 * never edit a merged migration, add one. Migrations only go up: nothing runs a `down`.
 */

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

/** Brings the schema up to date; throws (and the server refuses to start) if that fails. */
export async function migrateToLatest<DB>(
  db: Kysely<DB>,
  dialect: DialectName,
  sets: readonly MigrationSet[],
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => collectMigrations(sets, dialect) },
    // Each part numbers its own migrations, so a release can add one that sorts before a
    // migration an existing database already ran (e.g. 002 after 022). Kysely then runs the
    // missing ones in name order instead of refusing to start.
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
