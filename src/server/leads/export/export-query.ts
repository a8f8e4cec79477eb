import { sql, type RawBuilder } from 'kysely';
import type { DatabaseReader } from '../../platform/database/reader-thread';
import type { LeadTable } from '../store/lead-tables';
import type { Cursor } from '../queries/cursor';
import type { LeadListing } from '../queries/lead-listing';
import { CELL_SEPARATOR, exportBatches, type RowBatches } from './export-batches';

/** An export: one column per CSV cell, as SQL (a column name or an expression). */
export type ExportSelection = string | RawBuilder<unknown>;

/**
 * The rows of an export, newest first, as arrays of the selected values, in batches. On
 * SQLite one statement streamed from the reader thread (no per-page queries, and the event
 * loop stays free); on PostgreSQL keyset pages. The queries are built here and only
 * executed by the reader.
 */
export function exportRows(
  listing: LeadListing,
  reader: DatabaseReader,
  table: LeadTable,
  filter: { type: string; q?: string | undefined; status?: string | undefined },
  selections: readonly ExportSelection[],
): RowBatches {
  const { db, dialect } = listing;
  const values = selections.map((selection) =>
    typeof selection === 'string' ? sql.ref(selection) : selection,
  );
  const columns = values.map((value, index) => value.as(`c${index}`));
  // One text per row: the drivers hand over one long text far faster than twenty short ones.
  const text = (value: RawBuilder<unknown>) =>
    dialect === 'postgres' ? sql`cast(${value} as text)` : value;
  const joined = (cursor: Cursor | undefined) =>
    listing
      .matching(table, filter, cursor)
      .select([
        sql<string>`concat_ws(${CELL_SEPARATOR}, ${sql.join(
          values.map((value) => sql`coalesce(${text(value)}, '')`),
        )})`.as('cells'),
        'created_at',
        'id',
      ] as never[]);
  const byId = (id: number) =>
    db
      .selectFrom(table)
      .select(columns as never[])
      .where('id', '=', id);
  return exportBatches({
    stream: dialect === 'sqlite' ? reader.stream?.bind(reader) : undefined,
    joined: () => joined(undefined).compile(),
    valuesById: async (id) => {
      const [row] = await reader.read(byId(id).compile());
      return row && Object.values(row);
    },
    page: async (cursor, size) =>
      (await reader.read(joined(cursor).limit(size).compile())) as {
        cells: string;
        created_at: string;
        id: number;
      }[],
    width: selections.length,
  });
}
