import type { FastifyPluginAsync } from 'fastify';
import { type LeadDesk, adminApi } from '../../leads';
import { listQuerystringSchema, withPaging } from './listing-routes';

const { boardCardSchema, boardCardView, boardColumn, decodeCursor, leadKinds } = adminApi;
type LeadListing = LeadDesk['listing'];

/** The board's page size unless asked: a column shows this many cards, then "Show more". */
const BOARD_PAGE = 20;

interface BoardQuerystring {
  status: string;
  limit: number;
  cursor?: string;
  type?: string;
}

/** A page of one status's cards, newest first, paged like the listings. */
export const boardRoutes: FastifyPluginAsync<{ listing: LeadListing }> = async (
  app,
  { listing },
) => {
  for (const { table, path, types, statuses } of leadKinds) {
    const list = listQuerystringSchema(Object.keys(types), statuses).properties;
    app.get<{ Querystring: BoardQuerystring }>(
      `${path}/board`,
      {
        schema: {
          querystring: {
            type: 'object',
            properties: {
              status: list.status,
              limit: { ...list.limit, default: BOARD_PAGE },
              cursor: list.cursor,
              type: { type: 'string', enum: Object.keys(types) },
            },
            required: ['status'],
            additionalProperties: false,
          },
          response: { 200: { type: 'array', items: boardCardSchema } },
        },
      },
      async (request, reply) => {
        const { status, limit, cursor, type } = request.query;
        const page = await boardColumn(listing, table, {
          status,
          limit,
          type: type ? types[type] : undefined,
          cursor: decodeCursor(cursor),
        });
        return withPaging(reply, page.rows.map(boardCardView), page, limit);
      },
    );
  }
};
