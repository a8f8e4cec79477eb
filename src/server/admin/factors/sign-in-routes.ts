import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { throttled } from '../auth/auth-routes';
import {
  codeText,
  signedInBody as signedIn,
  signInErrorBody as errorBody,
  webauthnOptions,
  webauthnResponse,
} from '../auth/auth-schemas';
import { addressKeyOf } from '../../platform/http/address-key';
import { objectOf } from '../../platform/http/api-schemas';
import { USED_CODE_ERROR } from './totp';

/** A factor attempt's throttle key: a passkey cannot be guessed, so by address alone. */
export const factorAttempt = (request: FastifyRequest, accountId?: number) => {
  const address = addressKeyOf(request);
  return {
    address,
    account: accountId === undefined ? `passkey from ${address}` : `factor of ${accountId}`,
  };
};

/** The second step of a password sign-in, and the passkey sign-in (decision 157); throttled. */
export const factorSignInRoutes: FastifyPluginAsync = async (app) => {
  const { adminAuth, adminFactors } = app;
  app.addHook('onRequest', adminAuth.checkOrigin);

  /** The session of a completed sign-in: a new token, any earlier one of this browser revoked. */
  const startSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: number,
    attempt: ReturnType<typeof factorAttempt>,
  ) => {
    await adminFactors.endPending(request, reply);
    await adminAuth.throttle.succeeded(attempt);
    return adminAuth.signIn(request, reply, accountId);
  };

  const signInStep = (body: Record<string, object>) => ({
    schema: {
      body: objectOf(body),
      response: { 200: signedIn, 401: errorBody, 403: errorBody, 429: errorBody },
    },
  });

  app.post<{ Body: { code: string } }>(
    '/api/admin/login/second-factor',
    signInStep({ code: codeText }),
    async (request, reply) => {
      const accountId = await adminFactors.pendingAccount(request);
      if (accountId === undefined) {
        return reply.code(401).send({ error: 'Sign in with your password again' });
      }
      const attempt = factorAttempt(request, accountId);
      if (await throttled(request, reply, attempt)) return reply;
      const code = request.body.code.trim();
      const verdict = await adminFactors.totp.proveWithCode(accountId, code);
      if (verdict !== 'accepted') {
        await adminAuth.throttle.failed();
        return reply
          .code(401)
          .send({ error: verdict === 'used' ? USED_CODE_ERROR : 'Incorrect code' });
      }
      return startSession(request, reply, accountId, attempt);
    },
  );

  // Each options request stores a challenge: counted as a passkey attempt of the address.
  app.post(
    '/api/admin/passkeys/sign-in-options',
    { schema: { response: { 200: webauthnOptions, 403: errorBody, 429: errorBody } } },
    async (request, reply) => {
      if (await throttled(request, reply, factorAttempt(request))) return reply;
      return adminFactors.passkeys.signInOptions();
    },
  );

  app.post<{ Body: { response: AuthenticationResponseJSON } }>(
    '/api/admin/login/passkey',
    signInStep({ response: webauthnResponse }),
    async (request, reply) => {
      const attempt = factorAttempt(request);
      if (await throttled(request, reply, attempt)) return reply;
      const accountId = await adminFactors.passkeys.authenticate(request.body.response);
      if (accountId === undefined) {
        await adminAuth.throttle.failed();
        return reply.code(401).send({ error: 'This passkey was not accepted' });
      }
      return startSession(request, reply, accountId, attempt);
    },
  );
};
