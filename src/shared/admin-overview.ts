// GET /api/admin/overview: what the server answers and the dashboard's Overview tab shows.
import { integer, listOf, nullableText, objectOf, type FromSchema } from './json-schema';

/** Leads by landing variant or UTM source. */
const conversions = listOf({
  key: { ...nullableText, description: 'The landing variant or UTM source; null: none' },
  emailLeads: integer,
  applications: integer,
});

export const overviewSchema = objectOf({
  counts: objectOf({
    questionnaire: integer,
    candidates: integer,
    candidateEmails: integer,
    companies: integer,
    companyEmails: integer,
  }),
  daily: listOf({ date: { type: 'string' }, candidates: integer, companies: integer }),
  variants: conversions,
  utmSources: conversions,
});
export type OverviewFigures = FromSchema<typeof overviewSchema>;
export type Conversion = OverviewFigures['variants'][number];
