import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction } from '@shared/admin-audit';
import { defaultMessage } from '@shared/default-messages';
import { leadKindSchema, leadStatuses, type LeadKind } from '@shared/lead-status';
import {
  messageTemplateSlotSchema as slotBody,
  type MessageTemplateSlot,
} from '@shared/message-templates';
import { messageTemplateSchema } from '@shared/schemas/message-template';
import {
  bodySchemaOf,
  describedError,
  fieldErrorsBody,
  objectOf,
} from '../../platform/http/api-schemas';
import { type LeadDesk, adminApi } from '../../leads';
import { badRequest, TEXT_BODY_LIMIT } from './admin-replies';

/* Stage-change messages (decision 155); `withdrawn` has none: it stops every message. */
const templateStatuses = (leadType: LeadKind) =>
  leadStatuses[leadType].map((status) => status.value as string).filter((s) => s !== 'withdrawn');
const leadTypes = leadKindSchema.enum;

const slotOfTemplate = (
  leadType: LeadKind,
  status: string,
  template: MessageTemplateSlot['template'] | undefined,
): MessageTemplateSlot => ({
  leadType,
  status,
  template: template ?? null,
  default: defaultMessage(leadType, status) ?? null,
});

/** Every status of both lead types (but withdrawn): what it sends, and its default. */
export async function templateSlots(templates: LeadDesk['templates']) {
  const sent = await templates.all();
  return leadTypes.flatMap((leadType) =>
    templateStatuses(leadType).map((status) =>
      slotOfTemplate(leadType, status, sent(leadType, status)),
    ),
  );
}

const slotParams = objectOf({ leadType: { type: 'string' }, status: { type: 'string' } });
type SlotParams = { Params: { leadType: string; status: string } };
type Slot = { leadType: LeadKind; status: string };

/** The lead type and status named by the path, or a 404 naming what is unknown. */
function slotOf(
  { leadType, status }: { leadType: string; status: string },
  reply: FastifyReply,
): Slot | undefined {
  if (!leadTypes.includes(leadType as LeadKind)) {
    void reply.code(404).send({ error: `Unknown lead type: ${leadType}` });
    return undefined;
  }
  if (!templateStatuses(leadType as LeadKind).includes(status)) {
    void reply.code(404).send({ error: `Unknown ${leadType} status: ${status}` });
    return undefined;
  }
  return { leadType: leadType as LeadKind, status };
}

export const messageTemplateRoutes: FastifyPluginAsync<{ desk: LeadDesk }> = async (
  app,
  { desk: { templates } },
) => {
  const path = '/api/admin/message-templates/:leadType/:status';
  const unknownSlot = describedError('Unknown lead type or status, named in `error`');
  /** A template's entry: its lead type and status; its text is not personal data, but not kept. */
  const audited = (request: FastifyRequest, { leadType, status }: Slot, action: AuditAction) =>
    app.audit.recorder({ action, leadType, detail: status }, request);

  app.get(
    '/api/admin/message-templates',
    {
      schema: {
        summary: 'Every status of both lead types (but withdrawn): what it sends, and its default',
        response: { 200: { type: 'array', items: slotBody } },
      },
    },
    () => templateSlots(templates),
  );

  app.put<SlotParams>(
    path,
    {
      bodyLimit: TEXT_BODY_LIMIT,
      schema: {
        summary: "Saves a status's message: subject and body, with known placeholders only",
        params: slotParams,
        documentedBody: bodySchemaOf(messageTemplateSchema),
        response: { 200: slotBody, 400: fieldErrorsBody, 404: unknownSlot },
      },
    },
    async (request, reply) => {
      const slot = slotOf(request.params, reply);
      if (!slot) return reply;
      const body = adminApi.validateBody(messageTemplateSchema, request.body);
      if (!body.ok) return badRequest(reply, body.fields);
      const saved = audited(request, slot, 'message_template_saved');
      const template = await templates.save(slot.leadType, slot.status, body.data, saved);
      return slotOfTemplate(slot.leadType, slot.status, template);
    },
  );

  app.delete<SlotParams>(
    path,
    {
      schema: {
        summary:
          "Removes a status's saved message: it then sends its default, if any, else nothing",
        params: slotParams,
        response: {
          204: { type: 'null', description: 'Removed' },
          404: describedError('Unknown lead type or status, or no saved template to remove'),
        },
      },
    },
    async (request, reply) => {
      const slot = slotOf(request.params, reply);
      if (!slot) return reply;
      const removed = audited(request, slot, 'message_template_removed');
      if (!(await templates.remove(slot.leadType, slot.status, removed))) {
        return reply.code(404).send({ error: 'No template to remove' });
      }
      return reply.code(204).send();
    },
  );
};
