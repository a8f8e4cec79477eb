import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { candidateStatuses, companyStatuses } from '@shared/lead-status';
import { type LeadDesk, adminApi } from '../../leads';

const {
  decodeCursor,
  encodeCursor,
  candidateSchema,
  candidateView,
  companySchema,
  companyView,
  errorBody,
  leadEmailSchema,
  leadEmailView,
  leadIdParams,
} = adminApi;
type Page<Row> = adminApi.Page<Row>;
type CandidateLeadType = adminApi.CandidateLeadType;
type CompanyLeadType = adminApi.CompanyLeadType;
type LeadListing = LeadDesk['listing'];

/** Query string of every listing. */
interface ListQuerystring {
  limit: number;
  offset: number;
  cursor?: string;
  q?: string;
  type?: string;
  status?: string;
  duplicates?: 0 | 1;
  /** me, none or an account id. */
  assignee?: string;
}

const MAX_LIMIT = 500;

const statusValues = (statuses: readonly { value: string }[]) => statuses.map((s) => s.value);
const candidateStatusValues = statusValues(candidateStatuses);
const companyStatusValues = statusValues(companyStatuses);

/** `duplicates=1`: only candidates with a possible duplicate. */
export const duplicatesParam = {
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
      q: { type: 'string', maxLength: 200 },
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

/** The API spells the e-mail-only type 'email-only'; the database 'email'. */
export const candidateTypes: Record<string, CandidateLeadType> = {
  questionnaire: 'questionnaire',
  regular: 'regular',
  'email-only': 'email',
};
export const companyTypes: Record<string, CompanyLeadType> = {
  full: 'full',
  'email-only': 'email',
};

/** The list filter of ?assignee= (and a bulk change's): me is the signed-in account. */
export function assigneeFilter(request: FastifyRequest, assignee: string | undefined) {
  if (assignee === undefined) return undefined;
  if (assignee === 'none') return null;
  return assignee === 'me' ? (request.adminSession?.account.id ?? 0) : Number(assignee);
}

/** The two tables' listings: where, and which types and statuses they filter by. */
export const listedTables = [
  {
    table: 'candidates',
    path: '/api/candidate-submissions',
    types: candidateTypes,
    statuses: candidateStatusValues,
  },
  {
    table: 'companies',
    path: '/api/company-submissions',
    types: companyTypes,
    statuses: companyStatusValues,
  },
] as const;

type LeadView = ReturnType<typeof candidateView> | ReturnType<typeof companyView>;

/** Sets the paging headers and answers the page's rows as views. */
export function withPaging<T extends { createdAt: string; id: number }>(
  reply: FastifyReply,
  views: T[],
  { total, capped }: Pick<Page<unknown>, 'total' | 'capped'>,
  limit: number,
): T[] {
  reply.header('X-Total-Count', String(total));
  // A search counts at most 1,000 matches: the real number is higher.
  if (capped) reply.header('X-Total-Count-Capped', 'true');
  const last = views[views.length - 1];
  if (last && views.length === limit) reply.header('X-Next-Cursor', encodeCursor(last));
  return views;
}

/**
 * The admin listings (spec section 7) with paging, search and type filter (totals in X-Total-Count,
 * keyset cursor in X-Next-Cursor), and the deletes.
 */
export const listingRoutes: FastifyPluginAsync<{ listing: LeadListing }> = async (
  app,
  { listing },
) => {
  const views = { candidates: candidateView, companies: companyView };
  const schemas = { candidates: candidateSchema, companies: companySchema };

  for (const { table, path, types, statuses } of listedTables) {
    app.get<{ Querystring: ListQuerystring }>(
      path,
      {
        schema: {
          querystring: listQuerystringSchema(Object.keys(types), statuses, table === 'candidates'),
          response: { 200: { type: 'array', items: schemas[table] } },
        },
      },
      async (request, reply) => {
        const { limit, offset, q, type, cursor, status, duplicates } = request.query;
        const page = await listing.list(table, {
          limit,
          offset,
          q,
          status,
          duplicates: duplicates === 1,
          assignee: assigneeFilter(request, request.query.assignee),
          type: type ? types[type] : undefined,
          cursor: decodeCursor(cursor),
        });
        // The row and its view function belong to the same table.
        const view = views[table] as (row: (typeof page.rows)[number]) => LeadView;
        return withPaging(reply, page.rows.map(view), page, limit);
      },
    );

    app.delete<{ Params: { id: number } }>(
      `${path}/:id`,
      {
        schema: {
          params: leadIdParams,
          response: { 204: { type: 'null', description: 'Deleted' }, 404: errorBody },
        },
      },
      async (request, reply) => {
        if (!(await listing.deleteLead(table, request.params.id))) {
          return reply.code(404).send({ error: 'Not found' });
        }
        request.log.info({ table, id: request.params.id }, 'admin deleted a lead');
        return reply.code(204).send();
      },
    );
  }

  app.get<{ Querystring: ListQuerystring }>(
    '/api/admin/lead-emails',
    {
      schema: {
        // Both tables' statuses: a status of one table only finds that table's leads.
        querystring: listQuerystringSchema(
          [],
          [...new Set([...candidateStatusValues, ...companyStatusValues])],
        ),
        response: { 200: { type: 'array', items: leadEmailSchema } },
      },
    },
    async (request, reply) => {
      const { limit, offset, q, status } = request.query;
      const assignee = assigneeFilter(request, request.query.assignee);
      const page = await listing.listLeadEmails({ limit, offset, q, status, assignee });
      return withPaging(reply, page.rows.map(leadEmailView), page, limit);
    },
  );
};
