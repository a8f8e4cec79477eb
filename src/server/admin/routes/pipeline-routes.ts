import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { leadConversionsSchema } from '@shared/admin-deliveries';
import type { LeadKind } from '@shared/lead-status';
import { leadNoteSchema } from '@shared/schemas/lead-note';
import {
  arrayOfObjects,
  bodySchemaOf,
  nullableText,
  idParams,
} from '../../platform/http/api-schemas';
import { type LeadDesk, adminApi } from '../../leads';
import { badRequest, knownFields, type Parsed } from './hand-checked-body';

const { errorBody, findAssignee, leadKinds } = adminApi;

export const NOTE_MAX_LENGTH = 5000;

/** The body's `assignee`: an account a lead may go to, null (unassigned), undefined (refused). */
const assigneeOf = async (db: Parameters<typeof findAssignee>[0], value: unknown) =>
  value === null
    ? null
    : Number.isSafeInteger(value)
      ? findAssignee(db, value as number)
      : undefined;

/** A change's message (with `notify`) and assignee (when the body names one), or the field refused. */
export async function changeOf(
  request: FastifyRequest,
  templates: LeadDesk['templates'],
  leadType: LeadKind,
  { status, notify, body }: { status: string | undefined; notify: boolean; body: object },
): Promise<Parsed<Pick<adminApi.BulkChange, 'message' | 'assignee'>>> {
  const template =
    notify && status !== undefined ? await templates.find(leadType, status) : undefined;
  if (notify && !template) return { fields: { notify: 'This status has no message to send' } };
  const message = template && { subject: template.subject, body: template.body };
  if (!('assignee' in body)) return { value: { message } };
  const assignee = await assigneeOf(request.server.database.db, body.assignee);
  if (assignee !== undefined) return { value: { message, assignee } };
  return {
    fields: { assignee: 'Must be the id of an enabled owner or recruiter account, or null' },
  };
}

const notFound = (reply: FastifyReply) => reply.code(404).send({ error: 'Not found' });

/** An audit entry (actions and ids only, never personal data); a failure is logged only. */
async function audit(
  request: FastifyRequest,
  entry: Parameters<FastifyInstance['audit']['record']>[0],
): Promise<void> {
  try {
    await request.server.audit.record(entry, request);
  } catch (error) {
    request.log.error({ err: error, action: entry.action }, 'audit entry failed');
  }
}

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
  verified: { type: 'boolean', description: "Sent with the lead's proof (decision 151)" },
});

const withTimeline = <Schema extends { properties: object }>(schema: Schema) => ({
  ...schema,
  properties: {
    ...schema.properties,
    timeline: timelineSchema,
    submissions: submissionsSchema,
    conversions: leadConversionsSchema,
  },
});

/** One lead in the admin: its detail with the timeline, its status and assignee, its notes. */
export const pipelineRoutes: FastifyPluginAsync<{
  desk: LeadDesk;
}> = async (app, { desk }) => {
  const { pipeline, templates } = desk;
  for (const { table, leadType, path, statuses, view, schema: leadSchema } of leadKinds) {
    // The history is `timeline`; a company's own hiring one is `hiringTimeline`.
    const hiring = leadType === 'company';
    const schema = withTimeline(
      hiring
        ? { ...leadSchema, properties: { ...leadSchema.properties, hiringTimeline: nullableText } }
        : leadSchema,
    );
    const detail = async (id: number) => {
      const found = await desk.detail(table, id);
      return (
        found && {
          ...(view as (row: object) => object)(found.row),
          ...(hiring ? { hiringTimeline: (found.row as { timeline: unknown }).timeline } : {}),
          timeline: found.timeline,
          submissions: found.submissions,
          conversions: found.conversions,
        }
      );
    };
    const oneLead = { params: idParams, response: { 200: schema, 404: errorBody } };

    app.get<{ Params: { id: number } }>(
      `${path}/:id`,
      { schema: oneLead },
      async (request, reply) => {
        return (await detail(request.params.id)) ?? notFound(reply);
      },
    );

    app.patch<{ Params: { id: number } }>(
      `${path}/:id`,
      {
        schema: {
          ...oneLead,
          // Checked by hand (knownFields): documented only, so ajv neither coerces nor strips.
          documentedBody: {
            type: 'object',
            properties: {
              status: { type: 'string', enum: statuses },
              notify: {
                type: 'boolean',
                description: "Also e-mail the status's message to the person (decision 155)",
              },
              assignee: {
                type: ['integer', 'null'],
                description: 'An enabled owner or recruiter account, or null (decision 162)',
              },
            },
            anyOf: [{ required: ['status'] }, { required: ['assignee'] }],
            additionalProperties: false,
          },
        },
      },
      async (request, reply) => {
        const body = knownFields(request.body, ['status', 'notify', 'assignee'], {
          status: 'Required',
        });
        if (body.fields) return badRequest(reply, body.fields);
        const { status, notify = false } = body.value;
        const assigning = 'assignee' in body.value;
        // {"assignee"} alone leaves the status as it is.
        if (status !== undefined || !assigning) {
          if (typeof status !== 'string' || !statuses.includes(status)) {
            return badRequest(reply, { status: `Must be one of: ${statuses.join(', ')}` });
          }
        }
        if (typeof notify !== 'boolean')
          return badRequest(reply, { notify: 'Must be true or false' });
        const checked = await changeOf(request, templates, leadType, {
          status: status as string | undefined,
          notify,
          body: body.value,
        });
        if (checked.fields) return badRequest(reply, checked.fields);
        const { message, assignee = null } = checked.value;
        const { id } = request.params;
        if (assigning) {
          const assigned = await pipeline.setAssignee(table, id, assignee);
          if (!assigned) return notFound(reply);
          if (assigned.from !== assigned.to) {
            await audit(request, {
              action: 'assignee_changed',
              leadType,
              leadId: id,
              detail: `${assigned.from ?? 'none'} -> ${assigned.to ?? 'none'}`,
            });
          }
        }
        if (status === undefined) return (await detail(id)) ?? notFound(reply);
        const change = await pipeline.setStatus(table, id, status, message);
        if (!change) return notFound(reply);
        if (change.from !== change.to) {
          await audit(request, {
            action: 'status_changed',
            leadType,
            leadId: id,
            detail: `${change.from} -> ${change.to}`,
          });
        }
        return (await detail(id)) ?? notFound(reply);
      },
    );

    // The forms sent without the lead's proof were seen: answers the detail.
    app.post<{ Params: { id: number } }>(
      `${path}/:id/reviewed`,
      { schema: oneLead },
      async (request, reply) => {
        const { id } = request.params;
        if (!(await pipeline.markReviewed(table, id))) return notFound(reply);
        await audit(request, { action: 'unverified_reviewed', leadType, leadId: id });
        return (await detail(id)) ?? notFound(reply);
      },
    );

    app.post<{ Params: { id: number } }>(
      `${path}/:id/notes`,
      {
        // 5,000 characters of any script fit (the API's default limit is 16 KB).
        bodyLimit: 64 * 1024,
        schema: {
          params: idParams,
          documentedBody: bodySchemaOf(leadNoteSchema),
          response: {
            201: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                text: { type: 'string' },
                createdAt: { type: 'string' },
              },
            },
            404: errorBody,
          },
        },
      },
      async (request, reply) => {
        const body = knownFields(request.body, ['text'], { text: 'Required' });
        if (body.fields) return badRequest(reply, body.fields);
        const given = body.value.text;
        // NUL is dropped as the lead forms drop it: PostgreSQL text cannot hold it.
        const text = typeof given === 'string' ? given.replaceAll('\0', '').trim() : '';
        const length = [...text].length; // characters, not UTF-16 units
        if (length === 0 || length > NOTE_MAX_LENGTH) {
          return badRequest(reply, { text: 'A note is 1 to 5,000 characters' });
        }
        const note = await pipeline.addNote(table, request.params.id, text);
        if (!note) return notFound(reply);
        // The note's text stays out of the audit log and the logs: it may name the person.
        await audit(request, { action: 'note_added', leadType, leadId: request.params.id });
        return reply.code(201).send(note);
      },
    );
  }
};
