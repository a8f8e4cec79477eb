import type { FastifyPluginAsync } from 'fastify';
import { SPEND_TEMPLATE_URL } from '@shared/admin-funnel';
import { errorBody, listOf, objectOf } from '../platform/http/api-schemas';
import {
  parseSpendCsv,
  SpendCsvError,
  SPEND_CSV_COLUMNS,
  SPEND_CSV_TEMPLATE,
  VALUE_MAX,
} from './spend-csv';
import { spendStoreOf } from './spend-store';

/** An upload's largest size: two years of daily spend for 200 campaigns is about 7 MB. */
const UPLOAD_LIMIT = 16 * 1024 * 1024;

const value = { type: 'string', minLength: 1, maxLength: VALUE_MAX } as const;
const mappingProperties = { utmCampaign: value, source: value, campaign: value };

/** The CSV upload and the utm_campaign mapping (decision 165), behind the admin's guard. */
export const spendRoutes: FastifyPluginAsync = async (app) => {
  const store = spendStoreOf(app);
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: UPLOAD_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post<{ Body: string }>(
    '/api/admin/spend',
    {
      bodyLimit: UPLOAD_LIMIT,
      schema: {
        description:
          `Uploads ad spend as CSV (text/csv): the template's (${SPEND_TEMPLATE_URL}), with a header ` +
          `row ${SPEND_CSV_COLUMNS.join(',')}, where spend is a decimal in the currency (12.34) ` +
          "and currency an ISO 4217 code; or Meta Ads Manager's daily campaign export (Day, " +
          'Campaign name, Amount spent (USD), maybe Campaign ID), source facebook. A row of the ' +
          'same date, source and campaign as a stored one replaces it. A bad row stores nothing.',
        consumes: ['text/csv'],
        body: { type: 'string' },
        response: {
          200: {
            type: 'object',
            properties: { stored: { type: 'integer', description: 'Rows stored or replaced' } },
          },
          400: {
            type: 'object',
            description:
              'A bad row: nothing stored. `row` is the line (the header is 1), `column` as the ' +
              'header names it',
            properties: {
              error: { type: 'string' },
              row: { type: 'integer' },
              column: { type: ['string', 'null'] },
              template: { type: 'string', description: "The template's URL" },
            },
          },
        },
      },
    },
    async (request, reply) => {
      try {
        const rows = await parseSpendCsv(request.body);
        const entry = { action: 'spend_uploaded', detail: `${rows.length} rows` } as const;
        await store.save(rows, 'upload', undefined, app.audit.recorder(entry, request));
        request.log.info({ rows: rows.length }, 'ad spend uploaded');
        return { stored: rows.length };
      } catch (error) {
        if (!(error instanceof SpendCsvError)) throw error;
        return reply.code(400).send({
          error: error.message,
          row: error.row,
          column: error.column,
          template: SPEND_TEMPLATE_URL,
        });
      }
    },
  );

  app.get(
    SPEND_TEMPLATE_URL,
    {
      schema: {
        description: "The spend upload's template: its header row and an example row",
        produces: ['text/csv'],
        response: { 200: { type: 'string' } },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="spend-template.csv"')
        .send(SPEND_CSV_TEMPLATE),
  );

  app.get(
    '/api/admin/spend/mappings',
    {
      schema: {
        description: 'The utm_campaign values mapped to a campaign, with its name (else its id)',
        response: { 200: listOf({ ...mappingProperties, campaignName: { type: 'string' } }) },
      },
    },
    async () => store.mappings(true),
  );

  app.post<{ Body: { utmCampaign: string; source: string; campaign: string } }>(
    '/api/admin/spend/mappings',
    {
      schema: {
        description:
          'Leads with this utm_campaign belong to the campaign (its source and id or name as ' +
          'stored with the spend); replaces an earlier mapping of the value',
        body: { ...objectOf(mappingProperties), additionalProperties: false },
        response: { 204: { type: 'null', description: 'Saved' } },
      },
    },
    async (request, reply) => {
      const { utmCampaign, source, campaign } = request.body;
      // The entry names the campaign, which only the store knows.
      await store.saveMapping(request.body, (trx, name) => {
        const detail = `${utmCampaign} -> ${source} ${name ?? campaign}`;
        return app.audit.record({ action: 'spend_mapping_saved', detail }, request, trx);
      });
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { utmCampaign: string } }>(
    '/api/admin/spend/mappings/:utmCampaign',
    {
      schema: {
        params: objectOf({ utmCampaign: mappingProperties.utmCampaign }),
        response: {
          204: { type: 'null', description: 'Removed' },
          404: { ...errorBody, description: 'No such mapping' },
        },
      },
    },
    async (request, reply) => {
      const { utmCampaign: detail } = request.params;
      const entry = { action: 'spend_mapping_removed', detail } as const;
      const removed = await store.deleteMapping(detail, app.audit.recorder(entry, request));
      if (!removed) return reply.code(404).send({ error: 'No such mapping' });
      return reply.code(204).send();
    },
  );
};
