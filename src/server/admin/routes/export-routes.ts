import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { candidateStatuses, companyStatuses } from '@shared/lead-status';
import { exportTabs, type ExportTab, type LeadDesk } from '../../leads';
import { duplicatesParam } from './listing-routes';

/** Every status of either table (a tab of the other table's status exports no rows). */
const statuses = [...new Set([...candidateStatuses, ...companyStatuses].map((s) => s.value))];

/** The downloaded file keeps the name of the spec's tab, Typeform Leads. */
const fileName = (tab: ExportTab) => (tab === 'questionnaire-leads' ? 'typeform-leads' : tab);

/**
 * GET /api/admin/export/<tab>.csv?q=&status=&duplicates=: the whole tab, streamed as read, in constant memory
 * (docs/decisions/022, 025);
 * named <tab>-YYYY-MM-DD.csv (fileName).
 */
export const exportRoutes: FastifyPluginAsync<{ desk: LeadDesk }> = async (app, { desk }) => {
  app.get<{
    Params: { file: string };
    Querystring: { q?: string; status?: string; duplicates?: 0 | 1 };
  }>(
    '/api/admin/export/:file',
    {
      schema: {
        params: {
          type: 'object',
          properties: { file: { type: 'string', enum: exportTabs.map((tab) => `${tab}.csv`) } },
          required: ['file'],
        },
        querystring: {
          type: 'object',
          properties: {
            q: { type: 'string', maxLength: 200 },
            status: { type: 'string', enum: statuses },
            duplicates: duplicatesParam,
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
      const { duplicates, ...filter } = request.query;
      const csv = desk.exportCsv(tab, { ...filter, duplicates: duplicates === 1 });
      const date = new Date().toISOString().slice(0, 10);
      request.log.info({ tab }, 'admin export started');
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName(tab)}-${date}.csv"`)
        .send(Readable.from(csv));
    },
  );
};
