import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { fieldErrorsBody } from '../../platform/http/api-schemas';
import { type LeadDesk, adminApi } from '../../leads';
import { assigneeFilter } from './listing-routes';
import { badRequest, knownFields, type FieldErrors, type Parsed } from './hand-checked-body';
import { changeOf } from './pipeline-routes';

const { BULK_LIMIT, leadKinds } = adminApi;
type BulkChange = adminApi.BulkChange;
type LeadSelection = adminApi.ListSelection;
type LeadKind = (typeof leadKinds)[number];

/** The list's own query parameters (type, q, status, duplicates, assignee), as it reads them. */
function parseFilter(
  request: FastifyRequest,
  { leadType, types, statuses }: LeadKind,
  filter: unknown,
): Parsed<LeadSelection> {
  const known = [
    'type',
    'q',
    'status',
    'assignee',
    ...(leadType === 'candidate' ? ['duplicates'] : []),
  ];
  const checked = knownFields(
    filter,
    known,
    { filter: 'An object of the list’s filters' },
    'filter.',
  );
  if (checked.fields) return checked;
  const fields: FieldErrors = {};
  const { type, q, status, assignee, duplicates = false } = checked.value;
  if (type !== undefined && !(typeof type === 'string' && type in types)) {
    fields['filter.type'] = `Must be one of: ${Object.keys(types).join(', ')}`;
  }
  if (q !== undefined && !(typeof q === 'string' && q.length <= 200)) {
    fields['filter.q'] = 'A search of up to 200 characters';
  }
  if (status !== undefined && !(typeof status === 'string' && statuses.includes(status))) {
    fields['filter.status'] = `Must be one of: ${statuses.join(', ')}`;
  }
  if (typeof duplicates !== 'boolean') fields['filter.duplicates'] = 'Must be true or false';
  if (
    assignee !== undefined &&
    !(typeof assignee === 'string' && /^(me|none|[1-9][0-9]{0,9})$/.test(assignee))
  ) {
    fields['filter.assignee'] = 'me, none or an account id';
  }
  if (Object.keys(fields).length > 0) return { fields };
  return {
    value: {
      filter: {
        duplicates: duplicates as boolean,
        assignee: assigneeFilter(request, assignee as string | undefined),
        type: typeof type === 'string' ? types[type] : undefined,
        q: q as string | undefined,
        status: status as string | undefined,
      },
    },
  };
}

function parseIds(ids: unknown): Parsed<LeadSelection> {
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    !ids.every((id) => Number.isSafeInteger(id) && id > 0)
  ) {
    return { fields: { ids: 'A list of lead ids' } };
  }
  if (ids.length > BULK_LIMIT) {
    return { fields: { ids: `At most ${BULK_LIMIT.toLocaleString('en-US')} leads a call` } };
  }
  return { value: { ids: ids as number[] } };
}

/** The body: `ids` or `filter`, and the changes (checked by hand, as the PATCH's). */
function parseBody(
  request: FastifyRequest,
  kind: LeadKind,
  body: unknown,
): Parsed<{
  selection: LeadSelection;
  status: string | undefined;
  notify: boolean;
}> {
  const checked = knownFields(body, ['ids', 'filter', 'status', 'notify', 'assignee'], {
    ids: 'Required',
  });
  if (checked.fields) return checked;
  const fields: FieldErrors = {};
  const { ids, filter, status, notify = false } = checked.value;
  const selection =
    ids !== undefined && filter !== undefined
      ? { fields: { filter: 'Either ids or filter, not both' } }
      : filter !== undefined
        ? parseFilter(request, kind, filter)
        : parseIds(ids);
  Object.assign(fields, selection.fields);
  if (status === undefined && !('assignee' in checked.value)) {
    fields.status = 'Required: a status, an assignee or both';
  } else if (
    status !== undefined &&
    (typeof status !== 'string' || !kind.statuses.includes(status))
  ) {
    fields.status = `Must be one of: ${kind.statuses.join(', ')}`;
  }
  if (typeof notify !== 'boolean') fields.notify = 'Must be true or false';
  if (Object.keys(fields).length > 0 || !selection.value) return { fields };
  return {
    value: {
      selection: selection.value,
      status: status as string | undefined,
      notify: notify as boolean,
    },
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

/** One status or assignee for many leads, by ids or a list's filter: all or nothing, one entry. */
export const bulkRoutes: FastifyPluginAsync<{
  desk: LeadDesk;
}> = async (app, { desk }) => {
  const { bulk, templates } = desk;
  for (const kind of leadKinds) {
    const { table, leadType, path, types, statuses } = kind;
    app.post(
      `${path}/bulk`,
      {
        // 10,000 ids in JSON.
        bodyLimit: 256 * 1024,
        schema: {
          // Checked by hand (parseBody): documented only, so ajv neither coerces nor strips.
          documentedBody: {
            type: 'object',
            properties: {
              ids: {
                type: 'array',
                items: { type: 'integer', minimum: 1 },
                minItems: 1,
                maxItems: BULK_LIMIT,
              },
              filter: {
                type: 'object',
                description: "The list's filters: every lead they match",
                properties: {
                  type: { type: 'string', enum: Object.keys(types) },
                  q: { type: 'string', maxLength: 200 },
                  status: { type: 'string', enum: statuses },
                  assignee: { type: 'string', pattern: '^(me|none|[1-9][0-9]{0,9})$' },
                  ...(leadType === 'candidate'
                    ? { duplicates: { type: 'boolean', description: 'Only possible duplicates' } }
                    : {}),
                },
                additionalProperties: false,
              },
              status: { type: 'string', enum: statuses },
              assignee: {
                type: ['integer', 'null'],
                description: 'The account the leads go to (an enabled owner or recruiter), or null',
              },
              notify: {
                type: 'boolean',
                description: "Also e-mail the status's message to each person whose status changes",
              },
            },
            anyOf: [{ required: ['status'] }, { required: ['assignee'] }],
            additionalProperties: false,
          },
          response: { 200: countsSchema, 400: fieldErrorsBody },
        },
      },
      async (request, reply) => {
        const body = parseBody(request, kind, request.body);
        if (body.fields) return badRequest(reply, body.fields);
        const { selection, status, notify } = body.value;
        const checked = await changeOf(request, templates, leadType, {
          status,
          notify,
          body: request.body as object,
        });
        if (checked.fields) return badRequest(reply, checked.fields);
        const change: BulkChange = { status, ...checked.value };
        const { message, assignee } = change;
        const result = await bulk.apply(table, selection, change, async (trx, counts) => {
          const sent = message ? ', its message sent' : '';
          const changes = [
            status === undefined ? '' : `status -> ${status} (${counts.changed} changed${sent})`,
            assignee === undefined
              ? ''
              : `assignee -> ${assignee?.id ?? 'none'} (${counts.assigned} changed)`,
          ];
          await request.server.audit.record(
            {
              action: 'bulk_changed',
              leadType,
              detail: `${counts.count} leads: ${changes.filter(Boolean).join(', ')}`,
            },
            request,
            trx,
          );
        });
        if ('field' in result) return badRequest(reply, { [result.field]: result.error });
        return result;
      },
    );
  }
};
