import type { FastifyRequest } from 'fastify';
import type { LeadKind } from '@shared/lead-status';
import { type LeadDesk, adminApi } from '../../leads';
import type { Parsed } from './strict-body';

const { findAssignee } = adminApi;

/** What a lead's PATCH and a bulk change take: a status, an assignee or both. */
export interface ChangeBody {
  status?: string;
  notify?: boolean;
  assignee?: number | null;
}

/** The body's change properties; `notified` says who a status's message goes to. */
export const changeProperties = (statuses: readonly string[], notified: string) => ({
  status: { type: 'string', enum: statuses },
  notify: { type: 'boolean', description: `Also e-mail the status's message to ${notified}` },
  assignee: {
    type: ['integer', 'null'],
    description: 'An enabled owner or recruiter account, or null (decision 162)',
  },
});

/** Documented beside the properties; checked by changeOf, which names the field. */
export const statusOrAssignee = [{ required: ['status'] }, { required: ['assignee'] }];

/** The change a checked body asks, its message (with `notify`) and assignee; or the field refused. */
export async function changeOf(
  request: FastifyRequest,
  templates: LeadDesk['templates'],
  leadType: LeadKind,
  body: ChangeBody,
): Promise<Parsed<adminApi.BulkChange>> {
  const { status, notify = false } = body;
  if (status === undefined && body.assignee === undefined) {
    return { fields: { status: 'Required: a status, an assignee or both' } };
  }
  const template =
    notify && status !== undefined ? await templates.find(leadType, status) : undefined;
  if (notify && !template) return { fields: { notify: 'This status has no message to send' } };
  const message = template && { subject: template.subject, body: template.body };
  if (body.assignee === undefined) return { value: { status, message } };
  const assignee =
    body.assignee === null ? null : await findAssignee(request.server.database.db, body.assignee);
  if (assignee !== undefined) return { value: { status, message, assignee } };
  return {
    fields: { assignee: 'Must be the id of an enabled owner or recruiter account, or null' },
  };
}
