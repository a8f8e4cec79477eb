import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { SESSION_COOKIE } from '../auth/auth-plugin';
import { tooManyAttempts } from '../auth/auth-routes';
import { signedInBody as signedIn, signInErrorBody as errorBody } from '../auth/auth-schemas';
import { codeText, webauthnOptions, webauthnResponse } from './factor-schemas';

/**
 * The throttle's account key of a factor attempt (decision 020): an account's codes have their
 * own budget; a passkey cannot be guessed, so its sign-in counts by address alone.
 */
export const factorAttempt = (request: FastifyRequest, accountId?: number) => ({
  address: request.ip,
  account: accountId === undefined ? `passkey from ${request.ip}` : `factor of ${accountId}`,
});

/** Counts a sign-in (or confirmation) attempt; answers 429, and true, past a budget. */
export async function throttled(
  request: FastifyRequest,
  reply: FastifyReply,
  accountId?: number,
): Promise<boolean> {
  const verdict = await request.server.adminAuth.throttle.countAttempt(
    factorAttempt(request, accountId),
  );
  if (verdict.allowed) return false;
  await tooManyAttempts(request, reply, verdict.retryAfterSeconds);
  return true;
}

/**
 * The sign-ins beside the password (docs/decisions/157):
 * - POST /api/admin/login/second-factor {code}: a password sign-in's second step, with the
 *   authenticator app's code or a recovery code, bound to the pending sign-in's cookie;
 * - POST /api/admin/passkeys/sign-in-options and POST /api/admin/login/passkey {response}: a
 *   passkey sign-in, no password (a passkey with user verification is two factors in one).
 * Both count as sign-in attempts in the login throttle.
 */
export const factorSignInRoutes: FastifyPluginAsync = async (app) => {
  const { adminAuth, adminFactors } = app;

  /** The session of a completed sign-in: a new token, any earlier one of this browser revoked. */
  const startSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: number,
    attempt: ReturnType<typeof factorAttempt>,
  ) => {
    await adminAuth.sessions.revoke(request.cookies[SESSION_COOKIE]);
    await adminFactors.endPending(request, reply);
    await adminAuth.throttle.succeeded(attempt);
    return adminAuth.signIn(request, reply, accountId);
  };

  app.post<{ Body: { code: string } }>(
    '/api/admin/login/second-factor',
    {
      onRequest: adminAuth.checkOrigin,
      schema: {
        body: {
          type: 'object',
          properties: { code: codeText },
          required: ['code'],
        },
        response: { 200: signedIn, 401: errorBody, 403: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const accountId = await adminFactors.pendingAccount(request);
      if (accountId === undefined) {
        return reply.code(401).send({ error: 'Sign in with your password again' });
      }
      if (await throttled(request, reply, accountId)) return reply;
      const code = request.body.code.trim();
      const proved =
        (await adminFactors.totp.verify(accountId, code)) ||
        (await adminFactors.totp.useRecoveryCode(accountId, code));
      if (!proved) {
        await adminAuth.throttle.failed();
        return reply.code(401).send({ error: 'Incorrect code' });
      }
      return startSession(request, reply, accountId, factorAttempt(request, accountId));
    },
  );

  app.post(
    '/api/admin/passkeys/sign-in-options',
    {
      onRequest: adminAuth.checkOrigin,
      schema: { response: { 200: webauthnOptions, 403: errorBody } },
    },
    async () => adminFactors.passkeys.signInOptions(),
  );

  app.post<{ Body: { response: AuthenticationResponseJSON } }>(
    '/api/admin/login/passkey',
    {
      onRequest: adminAuth.checkOrigin,
      schema: {
        body: {
          type: 'object',
          properties: { response: webauthnResponse },
          required: ['response'],
        },
        response: { 200: signedIn, 401: errorBody, 403: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      if (await throttled(request, reply)) return reply;
      const accountId = await adminFactors.passkeys.authenticate(request.body.response);
      if (accountId === undefined) {
        await adminAuth.throttle.failed();
        return reply.code(401).send({ error: 'This passkey was not accepted' });
      }
      return startSession(request, reply, accountId, factorAttempt(request));
    },
  );
};
