import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SEARCH_HEADER } from '@shared/admin-audit';
import { eraseBookings } from '../../bookings';
import { type LeadDesk, adminApi } from '../../leads';
import { tablesOf, type SharedTransaction } from '../../platform/database/connection';
import { errorBody, idParams } from '../../platform/http/api-schemas';
import { badRequest, notFound } from './admin-replies';

export interface ListQuerystring {
  limit: number;
  offset: number;
  cursor?: string;
  sort?: string;
  type?: string;
  status?: string;
  duplicates?: 0 | 1;
  assignee?: string;
}

const MAX_LIMIT = 500;

const duplicatesParam = {
  type: 'integer',
  enum: [0, 1],
  description: 'With 1, only candidates that have a possible duplicate',
} as const;

export function listQuerystringSchema(
  types: readonly string[],
  statuses: readonly string[],
  candidates = false,
) {
  return {
    type: 'object',
    properties: {
      limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: 50 },
      offset: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
      cursor: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z~\\d+$' },
      sort: {
        type: 'string',
        pattern: adminApi.sortPattern,
        description:
          'created, activity, name, status, owner or source; -created (newest first) without',
      },
      ...(types.length > 0 ? { type: { type: 'string', enum: types } } : {}),
      status: { type: 'string', enum: statuses },
      ...(candidates ? { duplicates: duplicatesParam } : {}),
      assignee: {
        type: 'string',
        pattern: '^(me|none|[1-9][0-9]{0,9})$',
        description: 'me (the signed-in account), none (unassigned) or an account id',
      },
    },
    additionalProperties: false,
  } as const;
}

/** A list's search words: a prefix of a name, company, e-mail or phone (decision 024). */
export const searchWords = { type: 'string', maxLength: 200 } as const;

const SEARCH = 'x-search';
export interface SearchHeaders {
  [SEARCH]?: string;
}
/** The searching routes' headers, checked once searchFromHeader has decoded them. */
export const searchHeaders = {
  type: 'object',
  properties: {
    [SEARCH]: {
      ...searchWords,
      description: `${SEARCH_HEADER}: the search words, URI-encoded (a header is Latin-1); never ?q=`,
    },
  },
} as const;

/** preValidation: search words come URI-encoded in X-Search, out of URLs; `?q=` is refused. */
export async function searchFromHeader(request: FastifyRequest, reply: FastifyReply) {
  if ((request.query as { q?: unknown }).q !== undefined) {
    return badRequest(reply, {
      q: `Not in the URL: send the words in the ${SEARCH_HEADER} header`,
    });
  }
  const header = request.headers[SEARCH];
  if (typeof header !== 'string') return;
  try {
    request.headers[SEARCH] = decodeURIComponent(header);
  } catch {
    return badRequest(reply, { [SEARCH_HEADER]: 'The search words, URI-encoded' });
  }
}

/** The list filter of ?assignee= (and a bulk change's): me is the signed-in account. */
export function assigneeFilter(request: FastifyRequest, assignee: string | undefined) {
  if (assignee === undefined) return undefined;
  if (assignee === 'none') return null;
  return assignee === 'me' ? (request.adminSession?.account.id ?? 0) : Number(assignee);
}

/** Sets the paging headers and answers the page's rows as views (read `limit + 1` of them). */
function withPaging<T extends { createdAt: string; id: number }>(
  reply: FastifyReply,
  views: T[],
  { total, capped }: Pick<adminApi.Page<unknown>, 'total' | 'capped'>,
  limit: number,
): T[] {
  reply.header('X-Total-Count', String(total));
  // A search counts at most 1,000 matches: the real number is higher.
  if (capped) reply.header('X-Total-Count-Capped', 'true');
  const rows = views.slice(0, limit);
  const last = rows[rows.length - 1];
  // The row past the page came: there is a next page (a full last page has none).
  if (last && views.length > limit) reply.header('X-Next-Cursor', adminApi.encodeCursor(last));
  return rows;
}

/** The admin listings (spec section 7), paged, searched and filtered, and the deletes. */
export const listingRoutes: FastifyPluginAsync<{ desk: LeadDesk }> = async (app, { desk }) => {
  const { listing } = desk;
  app.addHook('preValidation', searchFromHeader);
  for (const { table, leadType, path, types, statuses, view, schema } of adminApi.leadKinds) {
    app.get<{ Querystring: ListQuerystring; Headers: SearchHeaders }>(
      path,
      {
        schema: {
          headers: searchHeaders,
          querystring: listQuerystringSchema(
            Object.keys(types),
            statuses,
            leadType === 'candidate',
          ),
          response: { 200: { type: 'array', items: schema } },
        },
      },
      async (request, reply) => {
        const { limit, offset, type, cursor, status, duplicates, sort } = request.query;
        const page = await listing.list(table, {
          limit: limit + 1,
          offset,
          sort: adminApi.parseSort(sort),
          q: request.headers[SEARCH],
          status,
          duplicates: duplicates === 1,
          assignee: assigneeFilter(request, request.query.assignee),
          type: type ? types[type] : undefined,
          cursor: adminApi.decodeCursor(cursor),
        });
        // The row and its view belong to the same kind.
        type Row = (typeof page.rows)[number];
        const views = page.rows.map(view as (row: Row) => { id: number; createdAt: string });
        return withPaging(reply, views, page, limit);
      },
    );

    app.delete<{ Params: { id: number } }>(
      `${path}/:id`,
      {
        schema: {
          params: idParams,
          response: { 204: { type: 'null', description: 'Deleted' }, 404: errorBody },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        // A candidate's calls go (cancelled in their calendar): their seats are offered again.
        const also = async (trx: SharedTransaction, email: string) => {
          if (leadType === 'candidate') await eraseBookings(tablesOf(trx), [{ id, email }]);
          await app.audit.record({ action: 'delete', leadType, leadId: id }, request, trx);
        };
        if (!(await listing.deleteLead(table, id, also))) return notFound(reply);
        request.log.info({ table, id }, 'admin deleted a lead');
        return reply.code(204).send();
      },
    );
  }

  app.get<{ Querystring: ListQuerystring; Headers: SearchHeaders }>(
    '/api/admin/lead-emails',
    {
      schema: {
        headers: searchHeaders,
        // Both tables' statuses: a status of one table only finds that table's leads.
        querystring: listQuerystringSchema([], adminApi.anyStatus),
        response: { 200: { type: 'array', items: adminApi.leadEmailSchema } },
      },
    },
    async (request, reply) => {
      const { limit, offset, status, sort } = request.query;
      const assignee = assigneeFilter(request, request.query.assignee);
      const page = await listing.listLeadEmails({
        ...{ limit: limit + 1, offset, q: request.headers[SEARCH], status, assignee },
        sort: adminApi.parseSort(sort),
      });
      return withPaging(reply, page.rows.map(adminApi.leadEmailView), page, limit);
    },
  );
};

/** The board's page size unless asked: a column shows this many cards, then "Show more". */
const BOARD_PAGE = 20;

type BoardQuerystring = Omit<ListQuerystring, 'offset' | 'sort'> & { status: string };

/** A page of one status's cards, newest first, paged and filtered like the listings. */
export const boardRoutes: FastifyPluginAsync<{ desk: LeadDesk }> = async (app, { desk }) => {
  app.addHook('preValidation', searchFromHeader);
  for (const { table, leadType, path, types, statuses } of adminApi.leadKinds) {
    const {
      offset: _offset,
      sort: _sort,
      ...list
    } = listQuerystringSchema(Object.keys(types), statuses, leadType === 'candidate').properties;
    app.get<{ Querystring: BoardQuerystring; Headers: SearchHeaders }>(
      `${path}/board`,
      {
        schema: {
          headers: searchHeaders,
          querystring: {
            type: 'object',
            properties: { ...list, limit: { ...list.limit, default: BOARD_PAGE } },
            required: ['status'],
            additionalProperties: false,
          },
          response: { 200: { type: 'array', items: adminApi.boardCardSchema } },
        },
      },
      async (request, reply) => {
        const { status, limit, cursor, type, duplicates } = request.query;
        const page = await adminApi.boardColumn(desk.listing, table, {
          status,
          limit: limit + 1,
          q: request.headers[SEARCH],
          duplicates: duplicates === 1,
          assignee: assigneeFilter(request, request.query.assignee),
          type: type ? types[type] : undefined,
          cursor: adminApi.decodeCursor(cursor),
        });
        return withPaging(reply, page.rows.map(adminApi.boardCardView), page, limit);
      },
    );
  }
};
