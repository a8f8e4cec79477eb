import type { FastifyPluginAsync } from 'fastify';
import type { SharedTransaction } from '../../platform/database/connection';
import { leadNoteSchema } from '@shared/schemas/lead-note';
import { bodySchemaOf, errorBody, idParams } from '../../platform/http/api-schemas';
import { type LeadDesk, adminApi } from '../../leads';
import { detailView } from './detail-view';
import { changeOf, changeProperties, changeSchemas, type ChangeBody } from './lead-change';
import { badRequest, notFound, TEXT_BODY_LIMIT } from './admin-replies';

/** One lead in the admin: its detail with the timeline, its status and assignee, its notes. */
export const pipelineRoutes: FastifyPluginAsync<{ desk: LeadDesk }> = async (app, { desk }) => {
  const { pipeline, templates } = desk;
  for (const kind of adminApi.leadKinds) {
    const { table, leadType, path, statuses } = kind;
    const { schema, detail } = detailView(desk, kind);
    const oneLead = { params: idParams, response: { 200: schema, 404: errorBody } };
    const bodies = changeSchemas(changeProperties(statuses, 'the person (decision 155)'));

    app.get<{ Params: { id: number } }>(
      `${path}/:id`,
      { schema: oneLead },
      async (request, reply) => (await detail(request, request.params.id)) ?? notFound(reply),
    );

    app.patch<{ Params: { id: number }; Body: ChangeBody }>(
      `${path}/:id`,
      { schema: { ...oneLead, ...bodies } },
      async (request, reply) => {
        const checked = await changeOf(request, templates, leadType, request.body);
        if (checked.fields) return badRequest(reply, checked.fields);
        const { status, message, assignee, edited } = checked.value;
        const { id } = request.params;
        const by = request.adminSession!.account.id;
        type Change = { from: string | number | null; to: string | number | null };
        const record =
          (action: 'assignee_changed' | 'status_changed', note = '') =>
          async (trx: SharedTransaction, { from, to }: Change) => {
            if (from === to) return;
            const detail = `${from ?? 'none'} -> ${to ?? 'none'}${note}`;
            await app.audit.record({ action, leadType, leadId: id, detail }, request, trx);
          };
        if (assignee !== undefined) {
          const also = record('assignee_changed');
          if (!(await pipeline.setAssignee(table, id, by, assignee, also))) return notFound(reply);
        }
        if (status !== undefined) {
          // That the text was the recruiter's own, not the text: it may say anything of the person.
          const note = edited ? ', its message edited for this send' : '';
          const also = record('status_changed', note);
          const actor = app.audit.actor(request);
          if (!(await pipeline.setStatus(table, id, actor, status, message, also))) {
            return notFound(reply);
          }
        }
        return (await detail(request, id)) ?? notFound(reply);
      },
    );

    // The forms sent without the lead's proof were seen: answers the detail.
    app.post<{ Params: { id: number } }>(
      `${path}/:id/reviewed`,
      { schema: oneLead },
      async (request, reply) => {
        const { id } = request.params;
        const entry = { action: 'unverified_reviewed', leadType, leadId: id } as const;
        const reviewed = await pipeline.markReviewed(table, id, app.audit.recorder(entry, request));
        if (!reviewed) return notFound(reply);
        return (await detail(request, id)) ?? notFound(reply);
      },
    );

    app.post<{ Params: { id: number } }>(
      `${path}/:id/notes`,
      {
        bodyLimit: TEXT_BODY_LIMIT,
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
        // The form's own schema; NUL is dropped as the lead forms drop it.
        const body = adminApi.validateBody(leadNoteSchema, request.body);
        if (!body.ok) return badRequest(reply, body.fields);
        // The note's text stays out of the audit log and the logs: it may name the person.
        const entry = { action: 'note_added', leadType, leadId: request.params.id } as const;
        const by = request.adminSession!.account.id;
        const also = app.audit.recorder(entry, request);
        const note = await pipeline.addNote(table, request.params.id, by, body.data.text, also);
        if (!note) return notFound(reply);
        return reply.code(201).send(note);
      },
    );
  }
};
