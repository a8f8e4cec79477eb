import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema } from '@shared/json-schema';
import { normalizeEmail } from '../../leads';
import type { AdminAccounts } from './accounts';
import { passwordText, sessionBody, signInErrorBody } from './auth-schemas';
import { OWNER_ACCOUNT, type Attempt } from './login-throttle';
import { addressKeyOf } from '../../platform/http/address-key';
import { verifyPassword } from './password';
import { OWNER_ACCOUNT_ID } from './sessions';

const loginBody = {
  type: 'object',
  properties: {
    password: passwordText,
    /** Absent: the founding owner's sign-in with ADMIN_PASSWORD (the spec's). */
    email: { type: 'string', minLength: 1, maxLength: 254 },
  },
  required: ['password'],
} as const;
type LoginBody = FromSchema<typeof loginBody>;

/** Counts a sign-in (or confirmation) attempt; past a budget, true once 429 is answered. */
export async function throttled(request: FastifyRequest, reply: FastifyReply, attempt: Attempt) {
  const verdict = await request.server.adminAuth.throttle.countAttempt(attempt);
  if (verdict.allowed) return false;
  const { retryAfterSeconds } = verdict;
  const minutes = Math.ceil(retryAfterSeconds / 60);
  request.log.warn('admin sign-in throttled');
  await reply
    .code(429)
    .header('Retry-After', String(retryAfterSeconds))
    .send({
      error: `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      retryAfterSeconds,
    });
  return true;
}

/** Sign-in, sign-out and the session (always 200 {authenticated}: the screen asks freely). */
export const adminAuthRoutes: FastifyPluginAsync<{ accounts: AdminAccounts }> = async (
  app,
  { accounts },
) => {
  const { adminAuth } = app;
  const { sessions } = adminAuth;

  const accountFor = async ({ email, password }: LoginBody): Promise<number | undefined> => {
    if (email !== undefined) return accounts.verify(email, password);
    return (await verifyPassword(password, adminAuth.passwordHash)) ? OWNER_ACCOUNT_ID : undefined;
  };

  app.post<{ Body: LoginBody }>(
    '/api/admin/login',
    {
      onRequest: adminAuth.checkOrigin,
      schema: {
        body: loginBody,
        response: {
          200: sessionBody,
          401: signInErrorBody,
          403: signInErrorBody,
          429: signInErrorBody,
        },
      },
    },
    async (request, reply) => {
      // Counted before the password is checked: a refused attempt costs no scrypt.
      const { email } = request.body;
      const attempt = {
        address: addressKeyOf(request),
        account: email === undefined ? OWNER_ACCOUNT : normalizeEmail(email),
      };
      if (await throttled(request, reply, attempt)) return reply;
      const accountId = await accountFor(request.body);
      if (accountId === undefined) {
        await adminAuth.throttle.failed();
        request.log.warn('admin sign-in failed');
        const error = email === undefined ? 'Incorrect password' : 'Incorrect e-mail or password';
        return reply.code(401).send({ error });
      }
      await adminAuth.throttle.succeeded(attempt);
      if (email === undefined) await adminAuth.upgradePasswordHash(request.body.password);
      const secondStep = await app.adminFactors.secondFactorStep(request, reply, accountId);
      if (secondStep) return secondStep;
      request.log.info({ account: accountId }, 'admin signed in');
      return adminAuth.signIn(request, reply, accountId);
    },
  );

  app.post(
    '/api/admin/logout',
    {
      onRequest: adminAuth.checkOrigin,
      schema: { response: { 200: sessionBody, 403: signInErrorBody } },
    },
    async (request, reply) => {
      await sessions.revoke(adminAuth.sessionCookie.read(request));
      adminAuth.sessionCookie.clear(request, reply);
      return { authenticated: false };
    },
  );

  app.get('/api/admin/session', { schema: { response: { 200: sessionBody } } }, async (request) => {
    const token = adminAuth.sessionCookie.read(request);
    const session = await sessions.resume(token);
    if (session === undefined) {
      const ended = await sessions.whyEnded(token);
      return { authenticated: false, ...(ended && { ended }) };
    }
    const { account } = session;
    // ADMIN_REQUIRE_MFA and no second factor yet: the screen shows the set-up, no lead.
    const setup = app.adminFactors.required && (await app.adminFactors.of(account.id)).length === 0;
    return { authenticated: true, account, ...(setup && { setupRequired: true }) };
  });
};
