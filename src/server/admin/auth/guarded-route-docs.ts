import type { RouteOptions } from 'fastify';
import { describedError } from '../../platform/http/api-schemas';
import { SESSION_SECURITY } from '../../platform/http/openapi';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * onRoute hook of guarded routes: documents the guard's 401 and 403 and the session cookie as the
 * route's security in OpenAPI.
 */
export function documentGuardedRoute(route: RouteOptions): void {
  const schema = route.schema ?? {};
  const changesState = !SAFE_METHODS.has(String(route.method));
  route.schema = {
    ...schema,
    security: SESSION_SECURITY,
    response: {
      401: describedError('No valid admin session (sign in first)'),
      ...(changesState ? { 403: describedError('Cross-origin request refused') } : {}),
      ...(schema.response as object | undefined),
    },
  };
}
