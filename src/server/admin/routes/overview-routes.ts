import type { FastifyPluginAsync } from 'fastify';
import { type LeadDesk } from '../../leads';
import { arrayOfObjects } from '../../platform/http/api-schemas';

type Overview = LeadDesk['overview'];

const conversion = arrayOfObjects({
  key: { type: ['string', 'null'] },
  emailLeads: { type: 'integer' },
  applications: { type: 'integer' },
});

/** GET /api/admin/overview: the figures of the Overview tab. */
export const overviewRoutes: FastifyPluginAsync<{ overview: Overview }> = async (
  app,
  { overview },
) => {
  app.get(
    '/api/admin/overview',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              counts: {
                type: 'object',
                properties: Object.fromEntries(
                  [
                    'questionnaire',
                    'candidates',
                    'candidateEmails',
                    'companies',
                    'companyEmails',
                  ].map((name) => [name, { type: 'integer' }]),
                ),
              },
              daily: arrayOfObjects({
                date: { type: 'string' },
                candidates: { type: 'integer' },
                companies: { type: 'integer' },
              }),
              variants: conversion,
              utmSources: conversion,
            },
          },
        },
      },
    },
    () => overview.figures(),
  );
};
