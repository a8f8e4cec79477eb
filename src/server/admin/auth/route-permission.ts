import type { RouteOptions } from 'fastify';
import { accountSchema, type AdminPermission } from '@shared/admin-accounts';
import { describedError } from '../../platform/http/api-schemas';
import { SESSION_SECURITY } from '../../platform/http/openapi';
import { sessionEnd } from './auth-schemas';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A route's key, `METHOD /url`: HEAD is GET without its body, so it is checked and audited as GET. */
export const routeKey = (method: string, url: string | undefined): string =>
  `${method === 'HEAD' ? 'GET' : method} ${url ?? ''}`;

/** Every account looks after its own second factors, before it has one too (decision 157). */
const OWN_FACTORS = [
  'GET /api/admin/factors',
  'POST /api/admin/factors/confirm',
  'POST /api/admin/passkeys/registration-options',
  'POST /api/admin/passkeys',
  'PATCH /api/admin/passkeys/:id',
  'DELETE /api/admin/passkeys/:id',
  'POST /api/admin/totp',
  'POST /api/admin/totp/confirm',
  'DELETE /api/admin/totp',
  'POST /api/admin/recovery-codes',
];
const BEFORE_SECOND_FACTOR = new Set(OWN_FACTORS);

/** Exceptions to the default: `read` to GET, `work` to change anything (decision 156). */
const EXCEPTIONS: Record<string, AdminPermission> = {
  // Reads that are lead work: a file of every lead, held spam (a person's whole record is a POST).
  'GET /api/admin/export/:file': 'work',
  'GET /api/admin/quarantine': 'work',
  // The form e-mail's preview is the first step of sending it.
  'GET /api/candidate-submissions/:id/send-email': 'work',
  // The upload's template is for those who may upload.
  'GET /api/admin/spend/template.csv': 'work',
  'GET /api/admin/audit': 'manage',
  'GET /api/admin/configuration': 'manage',
  'GET /api/admin/users': 'manage',
  'POST /api/admin/users': 'manage',
  'PATCH /api/admin/users/:id': 'manage',
  'POST /api/admin/users/:id/reset-sign-in': 'manage',
  'DELETE /api/admin/invitations/:id': 'manage',
  // Owners and recruiters set when calls can be booked (issue 43), and only they read it.
  'GET /api/admin/booking/availability': 'work',
  // Only owners write the knock-out questions: what they may ask is the business's to answer.
  'GET /api/admin/booking/screening': 'manage',
  'PUT /api/admin/booking/screening': 'manage',
  'GET /api/admin/booking/feed': 'work',
  // Every account ends its own sessions (an owner anyone's: checked by the route).
  'POST /api/admin/sign-out-everywhere': 'read',
  'DELETE /api/admin/sessions/:id': 'read',
  ...Object.fromEntries(OWN_FACTORS.map((route) => [route, 'read'] as const)),
};

/** What the signed-in account's role must allow for `method` on the route `url`. */
export function routePermission(method: string, url: string | undefined): AdminPermission {
  return EXCEPTIONS[routeKey(method, url)] ?? (SAFE_METHODS.has(method) ? 'read' : 'work');
}

/** True for the routes ADMIN_REQUIRE_MFA leaves open to an account without a second factor. */
export const openBeforeSecondFactor = (method: string, url: string | undefined): boolean =>
  BEFORE_SECOND_FACTOR.has(routeKey(method, url));

/** onRoute hook of guarded routes: documents the guard's 401 and 403, and the cookie. */
export function documentGuardedRoute(route: RouteOptions): void {
  const schema = route.schema ?? {};
  const method = String(route.method);
  const permission = routePermission(method, route.url);
  const refusal = `${method === 'GET' || method === 'HEAD' ? '' : 'Cross-origin request refused, or '}the account's role lacks the ${permission} permission, or ADMIN_REQUIRE_MFA holds it at the set-up of a second factor`;
  const refused = describedError(refusal.charAt(0).toUpperCase() + refusal.slice(1));
  const unsigned = describedError('No valid admin session (sign in first)');
  const { role } = accountSchema.properties;
  route.schema = {
    ...schema,
    security: SESSION_SECURITY,
    response: {
      401: { ...unsigned, properties: { ...unsigned.properties, ended: sessionEnd } },
      403: {
        ...refused,
        properties: { ...refused.properties, setupRequired: { type: 'boolean' }, role },
      },
      ...(schema.response as object | undefined),
    },
  };
}
