import type { FastifyPluginAsync } from 'fastify';
import type { AdminQueries, Cursor } from '../db/admin-queries';
import {
  candidateSchema,
  candidateView,
  companySchema,
  companyView,
  leadEmailSchema,
  leadEmailView,
} from '../admin/lead-views';
import type { CandidateLeadType, CompanyLeadType } from '../db/schema';

export interface AdminRouteOptions {
  queries: AdminQueries;
}

/** Query string of every listing (and, without paging, of the exports). */
export interface ListQuerystring {
  limit: number;
  offset: number;
  cursor?: string;
  q?: string;
  type?: string;
}

export const MAX_LIMIT = 500;

export function listQuerystringSchema(types: readonly string[]) {
  return {
    type: 'object',
    properties: {
      limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: 50 },
      offset: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
      cursor: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z~\\d+$' },
      q: { type: 'string', maxLength: 200 },
      ...(types.length > 0 ? { type: { type: 'string', enum: types } } : {}),
    },
    additionalProperties: false,
  } as const;
}

/** The API spells the e-mail-only type 'email-only'; the database 'email'. */
export const candidateTypes: Record<string, CandidateLeadType> = {
  typeform: 'typeform',
  regular: 'regular',
  'email-only': 'email',
};
export const companyTypes: Record<string, CompanyLeadType> = {
  full: 'full',
  'email-only': 'email',
};

const encodeCursor = (row: { createdAt: string; id: number }) => `${row.createdAt}~${row.id}`;
function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  const [createdAt = '', id = '0'] = cursor.split('~');
  return { createdAt, id: Number(id) };
}

const idParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id'],
} as const;
const errorBody = { type: 'object', properties: { error: { type: 'string' } } } as const;

/**
 * The admin listings (spec section 7: JSON arrays) with optional paging (limit, offset or
 * cursor), search (q) and a type filter; the total is in X-Total-Count and the next keyset
 * cursor in X-Next-Cursor. Plus the two deletes.
 */
export const adminLeadRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, { queries }) => {
  const withPaging = <T extends { createdAt: string; id: number }>(
    reply: { header(name: string, value: string): unknown },
    views: T[],
    { total, capped }: { total: number; capped: boolean },
    limit: number,
  ): T[] => {
    reply.header('X-Total-Count', String(total));
    // A search counts at most 1,000 matches: the real number is higher.
    if (capped) reply.header('X-Total-Count-Capped', 'true');
    const last = views[views.length - 1];
    if (last && views.length === limit) reply.header('X-Next-Cursor', encodeCursor(last));
    return views;
  };

  app.get<{ Querystring: ListQuerystring }>(
    '/api/candidate-submissions',
    {
      schema: {
        querystring: listQuerystringSchema(Object.keys(candidateTypes)),
        response: { 200: { type: 'array', items: candidateSchema } },
      },
    },
    async (request, reply) => {
      const { limit, offset, q, type, cursor } = request.query;
      const page = await queries.listCandidates({
        limit,
        offset,
        q,
        type: type ? candidateTypes[type] : undefined,
        cursor: decodeCursor(cursor),
      });
      return withPaging(reply, page.rows.map(candidateView), page, limit);
    },
  );

  app.get<{ Querystring: ListQuerystring }>(
    '/api/company-submissions',
    {
      schema: {
        querystring: listQuerystringSchema(Object.keys(companyTypes)),
        response: { 200: { type: 'array', items: companySchema } },
      },
    },
    async (request, reply) => {
      const { limit, offset, q, type, cursor } = request.query;
      const page = await queries.listCompanies({
        limit,
        offset,
        q,
        type: type ? companyTypes[type] : undefined,
        cursor: decodeCursor(cursor),
      });
      return withPaging(reply, page.rows.map(companyView), page, limit);
    },
  );

  app.get<{ Querystring: ListQuerystring }>(
    '/api/admin/lead-emails',
    {
      schema: {
        querystring: listQuerystringSchema([]),
        response: { 200: { type: 'array', items: leadEmailSchema } },
      },
    },
    async (request, reply) => {
      const { limit, offset, q } = request.query;
      const page = await queries.listLeadEmails({ limit, offset, q });
      return withPaging(reply, page.rows.map(leadEmailView), page, limit);
    },
  );

  for (const [path, table] of [
    ['/api/candidate-submissions/:id', 'candidates'],
    ['/api/company-submissions/:id', 'companies'],
  ] as const) {
    app.delete<{ Params: { id: number } }>(
      path,
      { schema: { params: idParams, response: { 404: errorBody } } },
      async (request, reply) => {
        if (!(await queries.deleteLead(table, request.params.id))) {
          return reply.code(404).send({ error: 'Not found' });
        }
        request.log.info({ table, id: request.params.id }, 'admin deleted a lead');
        return reply.code(204).send();
      },
    );
  }
};
