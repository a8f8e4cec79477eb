import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIST_PAGE_ROWS, type AuditAction } from '@shared/admin-audit';
import type { AuditEntryInput } from './audit-log';

type Outcome = (
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) => AuditEntryInput | undefined;

const idParam = (request: FastifyRequest) => Number((request.params as { id: number }).id);
const answered = (payload: unknown): Record<string, unknown> => {
  try {
    return typeof payload === 'string' ? (JSON.parse(payload) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The entry of an answer with `status`; none for any other answer. */
const on =
  (
    status: number,
    entry: (request: FastifyRequest, payload: unknown) => AuditEntryInput | undefined,
  ): Outcome =>
  (request, reply, payload) =>
    reply.statusCode === status ? entry(request, payload) : undefined;

/** A sign-in's entry, or its failure's (a 429 is not recorded: a flood would fill the log). */
const signIn =
  (detail?: string): Outcome =>
  (_request, reply, payload) => {
    if (reply.statusCode === 401) return { action: 'sign_in_failed' };
    // A right password still waiting for its second factor is no sign-in yet.
    if (reply.statusCode !== 200 || answered(payload).authenticated !== true) return undefined;
    return { action: 'sign_in', detail };
  };

/** The export's tab and which filters narrowed it; the search text itself is never kept. */
function exportDetail(request: FastifyRequest): string {
  const tab = (request.params as { file: string }).file.replace(/\.csv$/, '');
  const { q, status, ids, assignee } = request.query as Record<string, string | undefined>;
  if (ids) return `${tab}, ${ids.split(',').length} ticked leads`;
  const filters = [
    q?.trim() ? 'search' : undefined,
    status ? `status ${status}` : undefined,
    assignee ? `assignee ${assignee}` : undefined,
  ];
  const applied = filters.filter(Boolean);
  return applied.length > 0 ? `${tab}, filtered by ${applied.join(' and ')}` : `${tab}, whole tab`;
}

/** A template's entry: only a known lead type and status get a 200 or 204. */
const templateEntry = (action: AuditAction) => (request: FastifyRequest) => {
  const { leadType, status } = request.params as {
    leadType: 'candidate' | 'company';
    status: string;
  };
  return { action, leadType, detail: status };
};

/** Calls handed over (decision 178): how many, never whose. */
export function handedOver(calls: unknown) {
  const { moved = 0, needHost = 0 } = (calls ?? {}) as Record<string, number>;
  return moved + needHost > 0 ? `calls ${moved} moved, ${needHost} needing a host` : undefined;
}

/** A list page larger than the dashboard's: a script's bulk read, recorded as an export is. */
const bulkRead = (tab: string) =>
  on(200, (request) => {
    const { limit, offset } = request.query as { limit: number; offset?: number };
    if (limit <= LIST_PAGE_ROWS) return undefined;
    return { action: 'list_read', detail: `${tab}, up to ${limit} from ${offset ?? 0}` };
  });

/** Actions recorded from their route's answer, so those routes need not know the log. */
export const auditedOutcomes: Record<string, Outcome> = {
  'POST /api/admin/login': signIn(),
  'POST /api/admin/login/second-factor': signIn('with a second factor'),
  'POST /api/admin/login/passkey': signIn('with a passkey'),
  // An authenticator app set up (decision 157); the other factor changes record their own.
  'POST /api/admin/totp/confirm': on(200, () => ({ action: 'totp_added' })),
  // A host's new calendar link: the one before stops working (issue 43).
  'POST /api/admin/booking/feed': on(200, () => ({ action: 'calendar_feed_reset' })),
  'POST /api/admin/sign-out-everywhere': on(200, (_request, payload) => ({
    action: 'sign_out_everywhere',
    detail: `ended ${Number(answered(payload).ended)}`,
  })),
  'GET /api/admin/export/:file': on(200, (request) => ({
    action: 'export',
    detail: exportDetail(request),
  })),
  'GET /api/candidate-submissions': bulkRead('candidates'),
  'GET /api/company-submissions': bulkRead('companies'),
  'GET /api/admin/lead-emails': bulkRead('lead emails'),
  'GET /api/candidate-submissions/board': bulkRead('candidates board'),
  'GET /api/company-submissions/board': bulkRead('companies board'),
  'POST /api/candidate-submissions/:id/send-email': on(200, (request, payload) => {
    const { transport } = answered(payload);
    // That the text was the recruiter's own, not the text: it may say anything of the person.
    const edited = (request.body as { message?: unknown } | undefined)?.message !== undefined;
    return {
      action: 'email_sent',
      leadType: 'candidate',
      leadId: idParam(request),
      detail: `via ${String(transport)}${edited ? ', its text edited for this send' : ''}`,
    };
  }),
  'POST /api/admin/invitation/accept': on(200, (request) => ({
    action: 'invitation_accepted',
    detail: 'passkey' in (request.body as object) ? 'with a passkey' : undefined,
  })),
  // A host's hours saved, and the calls needing a host they took up.
  'PUT /api/admin/booking/availability': on(200, (_request, payload) => ({
    action: 'availability_saved',
    detail: handedOver(answered(payload).calls),
  })),
  // What a person is asked before the slots: how many questions, not their words.
  'PUT /api/admin/booking/screening': on(200, (_request, payload) => ({
    action: 'screening_saved',
    detail: `${(answered(payload).questions as unknown[]).length} questions`,
  })),
  'POST /api/admin/bookings/:id/outcome': on(200, (request, payload) => ({
    action: 'call_marked',
    leadType: 'candidate',
    leadId: Number(answered(payload).leadId),
    detail: `call ${idParam(request)}: ${String(answered(payload).outcome)}`,
  })),
  // A call needing a host taken by the account (the lead's timeline: "Call taken by Lena").
  'POST /api/admin/bookings/:id/take': on(200, (request, payload) => ({
    action: 'call_taken',
    leadType: 'candidate',
    leadId: Number(answered(payload).leadId),
    detail: `call ${idParam(request)}`,
  })),
  'DELETE /api/admin/sessions/:id': on(204, (request) => ({
    action: 'session_ended',
    detail: `session ${idParam(request)}`,
  })),
  // Who changed the costs: rows stored, matches removed (spend-routes.ts records one saved).
  'POST /api/admin/spend': on(200, (_request, payload) => ({
    action: 'spend_uploaded',
    detail: `${Number(answered(payload).stored)} rows`,
  })),
  'DELETE /api/admin/spend/mappings/:utmCampaign': on(204, (request) => ({
    action: 'spend_mapping_removed',
    detail: (request.params as { utmCampaign: string }).utmCampaign,
  })),
  // A stage-change message's lead type and status; its text is not personal data, but not kept.
  'PUT /api/admin/message-templates/:leadType/:status': on(
    200,
    templateEntry('message_template_saved'),
  ),
  'DELETE /api/admin/message-templates/:leadType/:status': on(
    204,
    templateEntry('message_template_removed'),
  ),
};
