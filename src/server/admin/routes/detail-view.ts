import type { FastifyRequest } from 'fastify';
import { leadConversionsSchema } from '@shared/admin-deliveries';
import { secondaryContactsSchema } from '@shared/lead-merge';
import { arrayOfObjects, nullableText } from '../../platform/http/api-schemas';
import type { LeadDesk, adminApi } from '../../leads';
import { callTimeline } from './call-timeline';
import { deliveryError } from './deliveries-routes';

/* A lead's detail as GET /api/…-submissions/:id answers it; the drawer's answer holds it too. */

const timelineSchema = arrayOfObjects({
  at: { type: 'string' },
  kind: { type: 'string' },
  text: { type: 'string' },
});

/** The forms the lead sent, each with its fields (by column) and attribution as sent. */
const submissionsSchema = arrayOfObjects({
  form: { type: 'string' },
  at: { type: 'string' },
  sourcePage: { type: ['string', 'null'] },
  fields: { type: ['object', 'null'], additionalProperties: { type: ['string', 'null'] } },
  attribution: { type: ['object', 'null'], additionalProperties: true },
  verified: { type: 'boolean', description: "Sent with the lead's proof (decision 176)" },
});

/** The detail's schema and its read (undefined for an unknown id), for one kind of lead. */
export function detailView(desk: LeadDesk, kind: (typeof adminApi.leadKinds)[number]) {
  const { table, leadType, view, schema: leadSchema } = kind;
  // The history is `timeline`; a company's own hiring one is `hiringTimeline`.
  const hiring = leadType === 'company';
  const properties = {
    ...leadSchema.properties,
    ...(hiring ? { hiringTimeline: nullableText } : {}),
    secondaryContacts: secondaryContactsSchema,
    timeline: timelineSchema,
    submissions: submissionsSchema,
    conversions: leadConversionsSchema,
  };
  const detail = async (request: FastifyRequest, id: number) => {
    const [found, calls] = await Promise.all([
      desk.detail(table, id),
      leadType === 'candidate' ? callTimeline(request.server.database.db, id) : [],
    ]);
    return (
      found && {
        ...(view as (row: object) => object)(found.row),
        ...(hiring ? { hiringTimeline: (found.row as { timeline: unknown }).timeline } : {}),
        secondaryContacts: found.secondaryContacts,
        // Oldest first; events of the same instant keep their order (a stable sort).
        timeline: [...found.timeline, ...calls].sort((a, b) =>
          a.at < b.at ? -1 : a.at > b.at ? 1 : 0,
        ),
        submissions: found.submissions,
        conversions: found.conversions.map((conversion) => ({
          ...conversion,
          error: deliveryError(request, conversion.error),
        })),
      }
    );
  };
  return { schema: { ...leadSchema, properties }, detail };
}
