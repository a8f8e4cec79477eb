import type { RouteOptions } from 'fastify';
import { describedError } from '../../platform/http/api-schemas';
import { SESSION_SECURITY } from '../../platform/http/openapi';
import { routePermission } from './route-permission';

/** onRoute hook of guarded routes: documents the guard's 401 and 403, and the cookie. */
export function documentGuardedRoute(route: RouteOptions): void {
  const schema = route.schema ?? {};
  const method = String(route.method);
  const permission = routePermission(method, route.url);
  const refusal = `${method === 'GET' || method === 'HEAD' ? '' : 'Cross-origin request refused, or '}the account's role lacks the ${permission} permission, or ADMIN_REQUIRE_MFA holds it at the set-up of a second factor`;
  const refused = describedError(refusal.charAt(0).toUpperCase() + refusal.slice(1));
  route.schema = {
    ...schema,
    security: SESSION_SECURITY,
    response: {
      401: describedError('No valid admin session (sign in first)'),
      403: {
        ...refused,
        properties: { ...refused.properties, setupRequired: { type: 'boolean' } },
      },
      ...(schema.response as object | undefined),
    },
  };
}
