// GET /api/admin/overview: the leads and companies per day the dashboard's Overview tab charts.
import { integer, listOf, objectOf, type FromSchema } from './json-schema';

export const overviewSchema = objectOf({
  daily: {
    ...listOf({
      date: { type: 'string', description: 'The UTC day, YYYY-MM-DD' },
      candidates: { ...integer, description: 'Leads (candidates) that arrived that day' },
      companies: { ...integer, description: 'Company leads that arrived that day' },
    }),
    description: 'The last 30 UTC days, oldest first, today last',
  },
});
export type OverviewFigures = FromSchema<typeof overviewSchema>;
