import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { type LeadDesk, adminApi } from '../../leads';
import { objectOf } from '../../platform/http/api-schemas';
import {
  assigneeFilter,
  listQuerystringSchema,
  searchFromHeader,
  searchHeaders,
  type ListQuerystring,
  type SearchHeaders,
} from './listing-routes';

const { anyStatus, exportTabs } = adminApi;
type ExportTab = adminApi.ExportTab;

/** The downloaded file keeps the name of the spec's tab, Typeform Leads. */
const fileName = (tab: ExportTab) => (tab === 'questionnaire-leads' ? 'typeform-leads' : tab);

/** Ticked leads an export names at most (a selection is the list's page or less). */
const MAX_IDS = 500;

/** A tab (or its ticked leads) as CSV, streamed in constant memory (decision 022). */
export const exportRoutes: FastifyPluginAsync<{ desk: LeadDesk }> = async (app, { desk }) => {
  const list = listQuerystringSchema([], anyStatus, true).properties;
  app.addHook('preValidation', searchFromHeader);
  app.get<{
    Params: { file: string };
    Querystring: Pick<ListQuerystring, 'status' | 'duplicates' | 'assignee'> & {
      ids?: string;
    };
    Headers: SearchHeaders;
  }>(
    '/api/admin/export/:file',
    {
      schema: {
        params: objectOf({ file: { type: 'string', enum: exportTabs.map((tab) => `${tab}.csv`) } }),
        headers: searchHeaders,
        querystring: {
          type: 'object',
          properties: {
            status: list.status,
            duplicates: list.duplicates,
            // "My leads" exports the leads on screen, not the whole tab's.
            assignee: list.assignee,
            ids: {
              type: 'string',
              description: 'The ticked leads only: their ids, comma-separated',
              pattern: `^[1-9]\\d{0,15}(,[1-9]\\d{0,15}){0,${MAX_IDS - 1}}$`,
            },
          },
        },
        response: {
          200: {
            description: 'The whole tab as CSV, streamed (a header row, then newest first)',
            headers: {
              'Content-Disposition': {
                type: 'string',
                description: 'attachment; filename="<tab>-YYYY-MM-DD.csv"',
              },
            },
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const tab = request.params.file.replace(/\.csv$/, '') as ExportTab;
      const { duplicates, ids, assignee, ...filter } = request.query;
      const csv = adminApi.exportCsv(desk.listing, tab, {
        ...filter,
        q: request.headers['x-search'],
        duplicates: duplicates === 1,
        assignee: assigneeFilter(request, assignee),
        ids: ids?.split(',').map(Number),
      });
      const date = new Date().toISOString().slice(0, 10);
      request.log.info({ tab }, 'admin export started');
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName(tab)}-${date}.csv"`)
        .send(Readable.from(csv));
    },
  );
};
