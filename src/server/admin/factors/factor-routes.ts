import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { accountFactorsSchema, type AccountFactors } from '@shared/admin-factors';
import type { AuditAction } from '@shared/admin-audit';
import type { LiveSession } from '../auth/sessions';
import {
  describedError,
  displayName,
  idParams,
  noContent,
  nullable,
  objectOf,
} from '../../platform/http/api-schemas';
import { codeText, passwordText, webauthnOptions, webauthnResponse } from '../auth/auth-schemas';
import { throttled } from '../auth/auth-routes';
import { factorAttempt } from './sign-in-routes';
import { USED_CODE_ERROR } from './totp';

const recoveryCodesBody = objectOf({ recoveryCodes: { type: 'array', items: { type: 'string' } } });

/** The account's own factors (decision 157), guarded: a change needs a recent confirmation. */
export const factorRoutes: FastifyPluginAsync = async (app) => {
  const { adminAuth, adminFactors } = app;
  const { totp, passkeys } = adminFactors;
  const sessionOf = (request: FastifyRequest): LiveSession => request.adminSession!;

  const recentlyConfirmed = async (request: FastifyRequest, reply: FastifyReply) => {
    if ((await adminFactors.confirmedUntil(sessionOf(request))) !== null) return;
    // The Security panel's own words: a passkey-only account has no password to confirm with.
    await reply.code(403).send({ error: 'Confirm it’s you first', confirmRequired: true });
  };
  // The changes' own 403 (confirm first), documented in place of the guard's.
  app.addHook('onRoute', (route) => {
    if (![route.preHandler].flat().includes(recentlyConfirmed)) return;
    const response = {
      ...(route.schema?.response as object),
      403: {
        type: 'object',
        description: 'Confirm with the password or a factor first (or a cross-origin request)',
        properties: { error: { type: 'string' }, confirmRequired: { type: 'boolean' } },
        required: ['error'],
      },
    };
    route.schema = { ...route.schema, response };
  });
  /** A change's audit entry, written in its transaction: both commit, or neither (nor rotate). */
  const audited = (request: FastifyRequest, action: AuditAction) =>
    app.audit.recorder({ action }, request);
  const rotate = async (request: FastifyRequest, reply: FastifyReply) => {
    const next = await adminAuth.sessions.rotate(sessionOf(request));
    adminAuth.sessionCookie.set(request, reply, next.token);
  };

  app.get(
    '/api/admin/factors',
    { schema: { response: { 200: accountFactorsSchema } } },
    async (request): Promise<AccountFactors> => {
      const session = sessionOf(request);
      const accountId = session.account.id;
      return {
        passkeys: await passkeys.list(accountId),
        totp: await totp.isOn(accountId),
        recoveryCodesLeft: await totp.recoveryCodesLeft(accountId),
        confirmedUntil: await adminFactors.confirmedUntil(session),
        hasPassword: await adminFactors.hasPassword(accountId),
      };
    },
  );

  app.post<{
    Body: { password?: string; code?: string; passkey?: AuthenticationResponseJSON };
  }>(
    '/api/admin/factors/confirm',
    {
      schema: {
        body: {
          type: 'object',
          properties: { password: passwordText, code: codeText, passkey: webauthnResponse },
          minProperties: 1,
          maxProperties: 1,
        },
        response: { 200: objectOf({ confirmedUntil: nullable('string') }) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const accountId = session.account.id;
      const attempt = factorAttempt(request, accountId);
      if (await throttled(request, reply, attempt)) return reply;
      const { password, code, passkey } = request.body;
      const codeVerdict =
        code === undefined ? undefined : await totp.proveWithCode(accountId, code.trim());
      const proved =
        codeVerdict !== undefined
          ? codeVerdict === 'accepted'
          : password !== undefined
            ? await adminFactors.checkPassword(accountId, password)
            : (await passkeys.authenticate(passkey!)) === accountId;
      if (!proved) {
        await adminAuth.throttle.failed();
        const error = codeVerdict === 'used' ? USED_CODE_ERROR : 'Not confirmed';
        return reply.code(401).send({ error });
      }
      await adminAuth.throttle.succeeded(attempt);
      await adminFactors.confirm(session);
      return { confirmedUntil: await adminFactors.confirmedUntil(session) };
    },
  );

  app.post(
    '/api/admin/passkeys/registration-options',
    { preHandler: recentlyConfirmed, schema: { response: { 200: webauthnOptions } } },
    async (request) => {
      const { account } = sessionOf(request);
      return passkeys.registrationOptions({ accountId: account.id }, account);
    },
  );

  app.post<{ Body: { name: string; response: RegistrationResponseJSON } }>(
    '/api/admin/passkeys',
    {
      preHandler: recentlyConfirmed,
      schema: {
        body: objectOf({ name: displayName, response: webauthnResponse }),
        response: { 201: objectOf({ id: { type: 'integer' } }) },
      },
    },
    async (request, reply) => {
      const { name, response } = request.body;
      const { account } = sessionOf(request);
      const added = audited(request, 'passkey_added');
      const id = await passkeys.register(account.id, name.trim(), response, added);
      if (id === undefined) {
        return reply.code(400).send({ error: 'The passkey could not be verified' });
      }
      await rotate(request, reply);
      return reply.code(201).send({ id });
    },
  );

  app.patch<{ Params: { id: number }; Body: { name: string } }>(
    '/api/admin/passkeys/:id',
    {
      preHandler: recentlyConfirmed,
      schema: {
        params: idParams,
        body: objectOf({ name: displayName }),
        response: {
          204: noContent('Renamed'),
          404: describedError('No passkey of this account has this id'),
        },
      },
    },
    async (request, reply) => {
      const { account } = sessionOf(request);
      const name = request.body.name.trim();
      const renamed = audited(request, 'passkey_renamed');
      if (!(await passkeys.rename(account.id, request.params.id, name, renamed))) {
        return reply.code(404).send({ error: 'No such passkey' });
      }
      await rotate(request, reply);
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/admin/passkeys/:id',
    {
      preHandler: recentlyConfirmed,
      schema: {
        params: idParams,
        response: {
          204: noContent('Removed'),
          409: describedError('The last passkey of an account without a password'),
        },
      },
    },
    async (request, reply) => {
      const accountId = sessionOf(request).account.id;
      if (!(await adminFactors.hasPassword(accountId)) && (await passkeys.count(accountId)) === 1) {
        return reply.code(409).send({
          error: 'This account signs in with passkeys alone: add another before removing this one',
        });
      }
      const removed = audited(request, 'passkey_removed');
      if (!(await passkeys.remove(accountId, request.params.id, removed))) {
        return reply.code(404).send({ error: 'No such passkey' });
      }
      await rotate(request, reply);
      return reply.code(204).send();
    },
  );

  const alreadyOn = 'An authenticator app is already set up';
  app.post(
    '/api/admin/totp',
    {
      preHandler: recentlyConfirmed,
      schema: {
        response: {
          200: objectOf({
            secret: { type: 'string' },
            uri: { type: 'string' },
            qrCode: { type: 'string', description: 'The otpauth URI as an SVG data URL' },
          }),
          409: describedError(alreadyOn),
        },
      },
    },
    async (request, reply) => {
      const { account } = sessionOf(request);
      if (await totp.isOn(account.id)) return reply.code(409).send({ error: alreadyOn });
      return totp.start(account.id, account.email ?? account.name);
    },
  );

  app.post<{ Body: { code: string } }>(
    '/api/admin/totp/confirm',
    {
      preHandler: recentlyConfirmed,
      schema: {
        body: objectOf({ code: { type: 'string', pattern: '^[0-9]{6}$' } }),
        response: { 200: recoveryCodesBody },
      },
    },
    async (request, reply) => {
      const added = audited(request, 'totp_added');
      const codes = await totp.confirm(sessionOf(request).account.id, request.body.code, added);
      if (codes === undefined) return reply.code(400).send({ error: 'Incorrect code' });
      await rotate(request, reply);
      return { recoveryCodes: codes };
    },
  );

  app.delete(
    '/api/admin/totp',
    { preHandler: recentlyConfirmed, schema: { response: { 204: noContent('Removed') } } },
    async (request, reply) => {
      await totp.remove(sessionOf(request).account.id, audited(request, 'totp_removed'));
      await rotate(request, reply);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/admin/recovery-codes',
    {
      preHandler: recentlyConfirmed,
      schema: {
        response: { 200: recoveryCodesBody, 409: describedError('No authenticator app is set up') },
      },
    },
    async (request, reply) => {
      const accountId = sessionOf(request).account.id;
      if (!(await totp.isOn(accountId))) {
        return reply.code(409).send({ error: 'Set up an authenticator app first' });
      }
      const regenerated = audited(request, 'recovery_codes_regenerated');
      const codes = await totp.newRecoveryCodes(accountId, regenerated);
      await rotate(request, reply);
      return { recoveryCodes: codes };
    },
  );
};
