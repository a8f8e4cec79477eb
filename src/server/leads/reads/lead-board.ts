import { nullableText } from '../../platform/http/api-schemas';
import { sourceSchema, sourceView } from './lead-views';
import type { LeadTable } from '../records/lead-tables';
import type { CandidateListRow, CompanyListRow } from '../records/listing-tables';
import type { Cursor } from './cursor';
import type { LeadListing, ListFilter, Page } from './lead-listing';

/* A board column is one range of the (lead_type, status, created_at, id) index at any depth. */

/** Beyond, the board shows '1,000+'. */
const BOARD_COUNT_CAP = 1_000;

/** A column's status, and the list's search, "My leads" and duplicates as on screen. */
interface BoardColumnQuery extends Pick<ListFilter, 'type' | 'q' | 'duplicates' | 'assignee'> {
  status: string;
  cursor?: Cursor | undefined;
  limit: number;
}

type BoardCardRow = Pick<CandidateListRow, Exclude<(typeof commonColumns)[number], 'status'>> &
  Partial<Pick<CandidateListRow, 'first_name' | 'last_name'>> &
  Partial<Pick<CompanyListRow, 'company_name' | 'contact_name'>> & {
    status: string;
    activity_at: string | null;
  };

const cardColumns = {
  candidates: ['first_name', 'last_name'],
  companies: ['company_name', 'contact_name'],
} as const satisfies Record<LeadTable, readonly string[]>;

const commonColumns = [
  'id',
  'status',
  'email',
  'source_page',
  'landing_variant',
  'utm_source',
  'created_at',
  'updated_at',
] as const;

/** The page's and the count's queries of a column (each one index range; tests read plans). */
export function boardColumnQueries(
  listing: LeadListing,
  table: LeadTable,
  { cursor, limit, ...filter }: BoardColumnQuery,
) {
  // The list's "Last activity": the later of a form and the team's last step (worked_at).
  const page = listing
    .matching(table, filter, cursor)
    .select([...commonColumns, ...cardColumns[table], 'activity_at'] as never[])
    .limit(limit);
  const cards = listing
    .matching(table, filter)
    .select('id')
    .limit(BOARD_COUNT_CAP + 1);
  const count = listing.db
    .selectFrom(cards.as('cards'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'));
  return { page, count };
}

export async function boardColumn(
  listing: LeadListing,
  table: LeadTable,
  query: BoardColumnQuery,
): Promise<Page<BoardCardRow>> {
  const { page, count } = boardColumnQueries(listing, table, query);
  const [rows, counted] = await Promise.all([page.execute(), count.executeTakeFirstOrThrow()]);
  const total = Number(counted.n);
  return {
    rows: rows as unknown as BoardCardRow[],
    total: Math.min(total, BOARD_COUNT_CAP),
    capped: total > BOARD_COUNT_CAP,
  };
}

export function boardCardView(row: BoardCardRow) {
  return {
    id: row.id,
    status: row.status,
    email: row.email,
    ...('first_name' in row ? { firstName: row.first_name, lastName: row.last_name } : {}),
    ...('company_name' in row
      ? { companyName: row.company_name, contactName: row.contact_name }
      : {}),
    ...sourceView(row),
    createdAt: row.created_at,
    lastActivityAt: row.activity_at ?? row.updated_at,
  };
}

export const boardCardSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    status: { type: 'string' },
    email: { type: 'string' },
    firstName: nullableText,
    lastName: nullableText,
    companyName: nullableText,
    contactName: nullableText,
    ...sourceSchema,
    createdAt: { type: 'string' },
    lastActivityAt: { type: 'string', description: 'The last form, status change, note or e-mail' },
  },
} as const;
