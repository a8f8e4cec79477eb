import type { FastifyPluginAsync } from 'fastify';
import { type LeadDesk, adminApi } from '../../leads';
import { listQuerystringSchema, withPaging, type ListQuerystring } from './listing-routes';

const { boardCardSchema, boardCardView, boardColumn, decodeCursor, leadKinds } = adminApi;

/** The board's page size unless asked: a column shows this many cards, then "Show more". */
const BOARD_PAGE = 20;

type BoardQuerystring = Pick<ListQuerystring, 'limit' | 'cursor' | 'type'> & { status: string };

/** A page of one status's cards, newest first, paged like the listings. */
export const boardRoutes: FastifyPluginAsync<{ desk: LeadDesk }> = async (app, { desk }) => {
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
        const page = await boardColumn(desk.listing, table, {
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
