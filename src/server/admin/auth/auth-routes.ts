import type { FastifyPluginAsync } from 'fastify';
import { SESSION_COOKIE } from './auth-plugin';
import { OWNER_ACCOUNT } from './login-throttle';
import { verifyPassword } from './password';
import { OWNER_ACCOUNT_ID } from './sessions';

const errorBody = {
  type: 'object',
  properties: { error: { type: 'string' }, retryAfterSeconds: { type: 'integer' } },
  required: ['error'],
} as const;
const sessionBody = {
  type: 'object',
  properties: { authenticated: { type: 'boolean' } },
  required: ['authenticated'],
} as const;

const minutes = (seconds: number) => {
  const value = Math.ceil(seconds / 60);
  return `${value} minute${value === 1 ? '' : 's'}`;
};

/**
 * POST /api/admin/login, POST /api/admin/logout, GET /api/admin/session.
 * The session answer is always 200 ({authenticated}), so the screen can ask without an error.
 */
export const adminAuthRoutes: FastifyPluginAsync = async (app) => {
  const { adminAuth } = app;
  const { sessions } = adminAuth;

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post<{ Body: { password: string } }>(
    '/api/admin/login',
    {
      onRequest: adminAuth.checkOrigin,
      schema: {
        body: {
          type: 'object',
          properties: { password: { type: 'string', minLength: 1, maxLength: 1024 } },
          required: ['password'],
        },
        response: { 200: sessionBody, 401: errorBody, 403: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      // Counted before the password is checked: a refused attempt costs no scrypt (decision 060).
      const attempt = { address: request.ip, account: OWNER_ACCOUNT };
      const verdict = await adminAuth.throttle.countAttempt(attempt);
      if (!verdict.allowed) {
        request.log.warn('admin sign-in throttled');
        return reply
          .code(429)
          .header('Retry-After', String(verdict.retryAfterSeconds))
          .send({
            error: `Too many failed sign-in attempts. Try again in ${minutes(verdict.retryAfterSeconds)}.`,
            retryAfterSeconds: verdict.retryAfterSeconds,
          });
      }
      if (!(await verifyPassword(request.body.password, adminAuth.passwordHash))) {
        await adminAuth.throttle.failed();
        request.log.warn('admin sign-in failed');
        return reply.code(401).send({ error: 'Incorrect password' });
      }
      await adminAuth.throttle.succeeded(attempt);
      await adminAuth.upgradePasswordHash(request.body.password);
      const session = await sessions.create(OWNER_ACCOUNT_ID);
      adminAuth.setSessionCookie(request, reply, session.token);
      request.log.info('admin signed in');
      return { authenticated: true };
    },
  );

  app.post(
    '/api/admin/logout',
    {
      onRequest: adminAuth.checkOrigin,
      schema: { response: { 200: sessionBody, 403: errorBody } },
    },
    async (request, reply) => {
      await sessions.revoke(request.cookies[SESSION_COOKIE]);
      adminAuth.clearSessionCookie(request, reply);
      return { authenticated: false };
    },
  );

  app.get(
    '/api/admin/session',
    { schema: { response: { 200: sessionBody } } },
    async (request) => ({
      authenticated: (await sessions.resume(request.cookies[SESSION_COOKIE])) !== undefined,
    }),
  );
};
