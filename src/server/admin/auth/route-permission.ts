import type { AdminPermission } from '@shared/admin-accounts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The routes whose permission is not their method's default, by "METHOD url pattern". Every
 * other guarded route needs `read` to GET and `work` to change anything, so a new route is
 * covered without a line here (docs/decisions/156).
 */
const EXCEPTIONS: Record<string, AdminPermission> = {
  // Reads that are lead work: a file of every lead, held spam, a person's whole record.
  'GET /api/admin/export/:file': 'work',
  'GET /api/admin/quarantine': 'work',
  'GET /api/admin/data-subject': 'work',
  'GET /api/admin/audit': 'manage',
  'GET /api/admin/configuration': 'manage',
  'GET /api/admin/users': 'manage',
  'POST /api/admin/users': 'manage',
  'PATCH /api/admin/users/:id': 'manage',
  'DELETE /api/admin/invitations/:id': 'manage',
  // Every account ends its own sessions (an owner anyone's: checked by the route).
  'POST /api/admin/sign-out-everywhere': 'read',
  'DELETE /api/admin/sessions/:id': 'read',
  // Every account looks after its own second factors.
  'POST /api/admin/factors/confirm': 'read',
  'POST /api/admin/passkeys/registration-options': 'read',
  'POST /api/admin/passkeys': 'read',
  'PATCH /api/admin/passkeys/:id': 'read',
  'DELETE /api/admin/passkeys/:id': 'read',
  'POST /api/admin/totp': 'read',
  'POST /api/admin/totp/confirm': 'read',
  'DELETE /api/admin/totp': 'read',
  'POST /api/admin/recovery-codes': 'read',
};

/** What the signed-in account's role must allow for `method` on the route `url`. */
export function routePermission(method: string, url: string | undefined): AdminPermission {
  return EXCEPTIONS[`${method} ${url ?? ''}`] ?? (SAFE_METHODS.has(method) ? 'read' : 'work');
}
