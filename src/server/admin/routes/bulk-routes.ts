import type { FastifyPluginAsync } from 'fastify';
import { BULK_LIMIT } from '@shared/admin-audit';
import { fieldErrorsBody, rowId } from '../../platform/http/api-schemas';
import { fieldErrorsOf } from '../../platform/http/field-errors';
import { type LeadDesk, adminApi } from '../../leads';
import { withLeadIds } from '../audit/audit-log';
import { changeOf, changeProperties, changeSchemas, type ChangeBody } from './lead-change';
import { assigneeFilter, listQuerystringSchema, searchWords } from './listing-routes';
import { badRequest } from './admin-replies';

type LeadKind = (typeof adminApi.leadKinds)[number];

interface BulkBody extends ChangeBody {
  ids?: number[];
  /** The list's own query parameters, `duplicates` a boolean. */
  filter?: { type?: string; q?: string; status?: string; assignee?: string; duplicates?: boolean };
}

/** The body's properties: the change, and the leads by `ids` or by the list's `filter`. */
function bulkProperties({ leadType, types, statuses }: LeadKind) {
  const list = listQuerystringSchema(Object.keys(types), statuses).properties;
  return {
    ids: { type: 'array', items: rowId, minItems: 1, maxItems: BULK_LIMIT },
    filter: {
      type: 'object',
      description: "The list's filters: every lead they match",
      properties: {
        type: list.type,
        q: searchWords,
        status: list.status,
        assignee: list.assignee,
        ...(leadType === 'candidate'
          ? { duplicates: { type: 'boolean', description: 'Only possible duplicates' } }
          : {}),
      },
      additionalProperties: false,
    },
    ...changeProperties(statuses, 'each person whose status changes'),
  };
}

const countsSchema = {
  type: 'object',
  properties: {
    count: { type: 'integer', description: 'Leads selected' },
    changed: { type: 'integer', description: 'Leads whose status changed' },
    assigned: { type: 'integer', description: 'Leads whose assignee changed' },
  },
} as const;

const TOO_MANY = `At most ${BULK_LIMIT.toLocaleString('en-US')} leads a call`;

/** One status or assignee for many leads, by ids or a list's filter: all or nothing, one entry. */
export const bulkRoutes: FastifyPluginAsync<{ desk: LeadDesk }> = async (app, { desk }) => {
  const { bulk, templates } = desk;
  for (const kind of adminApi.leadKinds) {
    const { table, leadType, path, types } = kind;
    const bodies = changeSchemas(bulkProperties(kind));
    app.post<{ Body: BulkBody }>(
      `${path}/bulk`,
      {
        // 10,000 ids in JSON.
        bodyLimit: 256 * 1024,
        // Refused here, to say the limit in leads.
        attachValidation: true,
        schema: {
          ...bodies,
          response: { 200: countsSchema, 400: fieldErrorsBody },
        },
      },
      async (request, reply) => {
        const refused = request.validationError?.validation;
        if (refused) return badRequest(reply, fieldErrorsOf(refused, { maxItems: TOO_MANY }));
        const { ids, filter, ...asked } = request.body;
        if ((ids === undefined) === (filter === undefined)) {
          return badRequest(
            reply,
            ids ? { filter: 'Either ids or filter, not both' } : { ids: 'Required' },
          );
        }
        const changed = await changeOf(request, templates, leadType, asked);
        if (changed.fields) return badRequest(reply, changed.fields);
        const change = changed.value;
        const { status, message, assignee, edited } = change;
        const selection = filter
          ? {
              filter: {
                ...filter,
                duplicates: filter.duplicates ?? false,
                assignee: assigneeFilter(request, filter.assignee),
                type: filter.type ? types[filter.type] : undefined,
              },
            }
          : { ids: ids! };
        const by = app.audit.actor(request);
        const result = await bulk.apply(table, selection, change, by, async (trx, counts) => {
          // That the text was the recruiter's own, not the text: it may say anything of the person.
          const sent = message ? `, ${edited ? 'an edited' : 'its'} message sent` : '';
          const changes = [
            status === undefined ? '' : `status -> ${status} (${counts.changed} changed${sent})`,
            assignee === undefined
              ? ''
              : `assignee -> ${assignee?.id ?? 'none'} (${counts.assigned} changed)`,
          ];
          const done = `${counts.count} leads: ${changes.filter(Boolean).join(', ')}`;
          const detail = withLeadIds(done, counts.ids);
          await app.audit.record({ action: 'bulk_changed', leadType, detail }, request, trx);
        });
        if ('field' in result) return badRequest(reply, { [result.field]: result.error });
        return result;
      },
    );
  }
};
