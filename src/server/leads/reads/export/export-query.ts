import { sql, type RawBuilder } from 'kysely';
import type { LeadTable } from '../../records/lead-tables';
import type { Cursor } from '../cursor';
import type { LeadListing, ListFilter } from '../lead-listing';
import { CELL_SEPARATOR, exportBatches, type PageRow, type RowBatches } from './export-batches';
import { csvChunks } from './csv';
import {
  exportDefinitions,
  newestFirst,
  selectionsFor,
  type ExportSelection,
  type ExportTab,
} from './export-tabs';

/** The rows of an export, newest first, as arrays of the selected values, in keyset pages. */
function exportRows(
  listing: LeadListing,
  table: LeadTable,
  filter: ListFilter & { type: string },
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
  return exportBatches({
    valuesById: async (id) => {
      const [row] = await db
        .selectFrom(table)
        .select(columns as never[])
        .where('id', '=', id)
        .execute();
      return row && Object.values(row);
    },
    page: async (cursor, size) => (await joined(cursor).limit(size).execute()) as PageRow[],
    width: selections.length,
  });
}

/** An export tab's CSV, filtered or ticked, read as it is sent; two sources merged newest first. */
export function exportCsv(
  listing: LeadListing,
  tab: ExportTab,
  filter: ListFilter,
): AsyncIterable<string> {
  const definition = exportDefinitions[tab];
  const [first, second] = definition.sources.map(({ table, type }) =>
    exportRows(listing, table, { ...filter, type }, selectionsFor(definition, table)),
  );
  if (!first) throw new Error(`export ${tab} has no source`);
  const headers = definition.columns.map(([header]) => header);
  return csvChunks(headers, second ? newestFirst(first, second) : first);
}
