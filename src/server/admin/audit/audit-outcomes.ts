import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction, AuditEntryInput } from './audit-log';

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

/** The export's tab and which filters narrowed it; the search text itself is never kept. */
function exportDetail(request: FastifyRequest): string {
  const tab = (request.params as { file: string }).file.replace(/\.csv$/, '');
  const { q, status, ids } = request.query as { q?: string; status?: string; ids?: string };
  if (ids) return `${tab}, ${ids.split(',').length} ticked leads`;
  const filters = [q?.trim() ? 'search' : undefined, status ? `status ${status}` : undefined];
  const applied = filters.filter(Boolean);
  return applied.length > 0 ? `${tab}, filtered by ${applied.join(' and ')}` : `${tab}, whole tab`;
}

/** A template's entry: only a known lead type and status get a 200 or 204. */
function templateEntry(action: AuditAction, request: FastifyRequest): AuditEntryInput {
  const { leadType, status } = request.params as {
    leadType: 'candidate' | 'company';
    status: string;
  };
  return { action, leadType, detail: status };
}

const signInFailure = (reply: FastifyReply): AuditEntryInput | undefined =>
  reply.statusCode === 401 ? { action: 'sign_in_failed' } : undefined;

/** Changes of an account's own second factors, by route and success status. */
const factorChanges: Record<string, Outcome> = Object.fromEntries(
  (
    [
      ['POST /api/admin/passkeys', 201, 'passkey_added'],
      ['PATCH /api/admin/passkeys/:id', 204, 'passkey_renamed'],
      ['DELETE /api/admin/passkeys/:id', 204, 'passkey_removed'],
      ['POST /api/admin/totp/confirm', 200, 'totp_added'],
      ['DELETE /api/admin/totp', 204, 'totp_removed'],
      ['POST /api/admin/recovery-codes', 200, 'recovery_codes_regenerated'],
    ] as const
  ).map(([route, status, action]): [string, Outcome] => [
    route,
    (_request, reply) => (reply.statusCode === status ? { action } : undefined),
  ]),
);

/**
 * Admin actions recorded from their route's answer (pattern and status), so those routes need not
 * know the audit log; the pipeline records its own through app.audit.record.
 */
export const auditedOutcomes: Record<string, Outcome> = {
  // A throttled attempt (429) is not recorded: a flood of them would fill the log, and the
  // five failures before it already are.
  // A right password that still needs its second factor (authenticated: false) is no sign-in yet.
  'POST /api/admin/login': (_request, reply, payload) =>
    reply.statusCode === 200
      ? answered(payload).authenticated === true
        ? { action: 'sign_in' }
        : undefined
      : signInFailure(reply),
  'POST /api/admin/login/second-factor': (_request, reply) =>
    reply.statusCode === 200
      ? { action: 'sign_in', detail: 'with a second factor' }
      : signInFailure(reply),
  'POST /api/admin/login/passkey': (_request, reply) =>
    reply.statusCode === 200
      ? { action: 'sign_in', detail: 'with a passkey' }
      : signInFailure(reply),
  ...factorChanges,
  'POST /api/admin/sign-out-everywhere': (_request, reply, payload) =>
    reply.statusCode === 200
      ? { action: 'sign_out_everywhere', detail: `ended ${Number(answered(payload).ended)}` }
      : undefined,
  'GET /api/admin/export/:file': (request, reply) =>
    reply.statusCode === 200 ? { action: 'export', detail: exportDetail(request) } : undefined,
  'DELETE /api/candidate-submissions/:id': (request, reply) =>
    reply.statusCode === 204
      ? { action: 'delete', leadType: 'candidate', leadId: idParam(request) }
      : undefined,
  'DELETE /api/company-submissions/:id': (request, reply) =>
    reply.statusCode === 204
      ? { action: 'delete', leadType: 'company', leadId: idParam(request) }
      : undefined,
  'POST /api/candidate-submissions/:id/send-email': (request, reply, payload) => {
    if (reply.statusCode !== 200) return undefined;
    const { transport } = answered(payload);
    return {
      action: 'email_sent',
      leadType: 'candidate',
      leadId: idParam(request),
      detail: typeof transport === 'string' ? `via ${transport}` : undefined,
    };
  },
  'POST /api/admin/users': (request, reply, payload) =>
    reply.statusCode === 201
      ? {
          action: 'account_invited',
          detail: `invitation ${Number(answered(payload).id)} as ${String((request.body as { role: string }).role)}`,
        }
      : undefined,
  'DELETE /api/admin/invitations/:id': (request, reply) =>
    reply.statusCode === 204
      ? { action: 'invitation_withdrawn', detail: `invitation ${idParam(request)}` }
      : undefined,
  'POST /api/admin/invitation/accept': (request, reply) =>
    reply.statusCode === 200
      ? {
          action: 'invitation_accepted',
          detail: 'passkey' in (request.body as object) ? 'with a passkey' : undefined,
        }
      : undefined,
  'PATCH /api/admin/users/:id': (request, reply) => {
    if (reply.statusCode !== 200) return undefined;
    const { role, disabled } = request.body as { role?: string; disabled?: boolean };
    const changes = [
      role === undefined ? undefined : `role ${role}`,
      disabled === undefined ? undefined : disabled ? 'disabled' : 'enabled',
    ];
    return {
      action: 'account_changed',
      detail: `account ${idParam(request)}: ${changes.filter(Boolean).join(', ')}`,
    };
  },
  'DELETE /api/admin/sessions/:id': (request, reply) =>
    reply.statusCode === 204
      ? { action: 'session_ended', detail: `session ${idParam(request)}` }
      : undefined,
  // A stage-change message's lead type and status; its text is not personal data, but not kept.
  'PUT /api/admin/message-templates/:leadType/:status': (request, reply) =>
    reply.statusCode === 200 ? templateEntry('message_template_saved', request) : undefined,
  'DELETE /api/admin/message-templates/:leadType/:status': (request, reply) =>
    reply.statusCode === 204 ? templateEntry('message_template_removed', request) : undefined,
};
