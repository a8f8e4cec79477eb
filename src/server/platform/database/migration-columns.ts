import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { DialectName } from './migration-runner';

/** An integer primary key numbered by the database; on SQLite a deleted row's id never returns. */
export const autoIncrementId =
  (dialect: DialectName) =>
  (column: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    dialect === 'sqlite'
      ? column.primaryKey().autoIncrement()
      : column.primaryKey().generatedByDefaultAsIdentity();

/** The index `<table>_<name>_idx` on `columns`. */
export const createIndex = (db: Kysely<unknown>, table: string, name: string, columns: string[]) =>
  db.schema.createIndex(`${table}_${name}_idx`).on(table).columns(columns).execute();

/** A migration adding nullable `columns` to each of `tables`, in that order. */
export const addColumns = (
  tables: readonly string[],
  columns: readonly string[],
  type: 'text' | 'integer' = 'text',
): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const table of tables) {
      for (const column of columns) {
        await db.schema.alterTable(table).addColumn(column, type).execute();
      }
    }
  },
});
