import type { FastifyRequest } from 'fastify';
import type { LeadKind } from '@shared/lead-status';
import { messageTemplateSchema } from '@shared/schemas/message-template';
import { bodySchemaOf } from '../../platform/http/api-schemas';
import { type LeadDesk, adminApi } from '../../leads';
import type { Parsed } from './admin-replies';

const { findAssignee, validateBody } = adminApi;

/** What a lead's PATCH and a bulk change take: a status, an assignee or both. */
export interface ChangeBody {
  status?: string;
  notify?: boolean;
  message?: Message;
  assignee?: number | null;
}

/** `message`: this one send's own text, in place of the template (issue 42). */
export const messageProperty = (to: string) => ({
  message: {
    ...bodySchemaOf(messageTemplateSchema),
    description: `This send's own subject and body to ${to}, placeholders filled as a template's`,
  },
});

type Message = { subject: string; body: string };

/** The checked `message`, or its refused fields (`message.body`); undefined: none given. */
export function customMessage(message: unknown): Parsed<Message | undefined> {
  if (message === undefined) return { value: undefined };
  const checked = validateBody(messageTemplateSchema, message);
  if (checked.ok) return { value: checked.data };
  const named = Object.entries(checked.fields).map(([field, error]) => [`message.${field}`, error]);
  return { fields: Object.fromEntries(named) as Record<string, string> };
}

/** The body's change properties; `notified` says who a status's message goes to. */
export const changeProperties = (statuses: readonly string[], notified: string) => ({
  status: { type: 'string', enum: statuses },
  notify: { type: 'boolean', description: `Also e-mail the status's message to ${notified}` },
  ...messageProperty(`${notified}, with notify`),
  assignee: {
    type: ['integer', 'null'],
    description: 'An enabled owner or recruiter account, or null (decision 162)',
  },
});

/** The body's schemas: checked as sent; documented with the status or assignee that changeOf
    asks for (it names the field). */
export function changeSchemas(properties: object) {
  const body = { type: 'object', properties, additionalProperties: false };
  const statusOrAssignee = [{ required: ['status'] }, { required: ['assignee'] }];
  return { body, documentedBody: { ...body, anyOf: statusOrAssignee } };
}

/** A change, and whether its message is the recruiter's own text (audited, not kept). */
type Change = adminApi.BulkChange & { edited: boolean };

/** The change a checked body asks, its message (own or template) and assignee; or why not. */
export async function changeOf(
  request: FastifyRequest,
  templates: LeadDesk['templates'],
  leadType: LeadKind,
  body: ChangeBody,
): Promise<Parsed<Change>> {
  const { status, notify = false } = body;
  if (status === undefined && body.assignee === undefined) {
    return { fields: { status: 'Required: a status, an assignee or both' } };
  }
  if (body.message !== undefined && !(notify && status !== undefined)) {
    return { fields: { message: 'Only with a status and "notify": true' } };
  }
  const own = customMessage(body.message);
  if (own.fields) return own;
  const template =
    own.value ??
    (notify && status !== undefined ? await templates.find(leadType, status) : undefined);
  if (notify && !template) return { fields: { notify: 'This status has no message to send' } };
  const message = template && { subject: template.subject, body: template.body };
  const edited = own.value !== undefined;
  if (body.assignee === undefined) return { value: { status, message, edited } };
  const assignee =
    body.assignee === null ? null : await findAssignee(request.server.database.db, body.assignee);
  if (assignee !== undefined) return { value: { status, message, assignee, edited } };
  return {
    fields: { assignee: 'Must be the id of an enabled owner or recruiter account, or null' },
  };
}
