import type { RouteOptions } from 'fastify';
import { describedError } from '../../platform/http/api-schemas';
import { SESSION_SECURITY } from '../../platform/http/openapi';
import { routePermission } from './route-permission';

/**
 * onRoute hook of guarded routes: documents the guard's 401 and 403 and the session cookie as the
 * route's security in OpenAPI.
 */
export function documentGuardedRoute(route: RouteOptions): void {
  const schema = route.schema ?? {};
  const method = String(route.method);
  const refusal =
    method === 'GET' || method === 'HEAD'
      ? `The account's role lacks the ${routePermission(method, route.url)} permission`
      : `Cross-origin request refused, or the account's role lacks the ${routePermission(method, route.url)} permission`;
  route.schema = {
    ...schema,
    security: SESSION_SECURITY,
    response: {
      401: describedError('No valid admin session (sign in first)'),
      403: describedError(refusal),
      ...(schema.response as object | undefined),
    },
  };
}
