import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { dictionary } from '@zxcvbn-ts/language-common';
import {
  accountChangeSchema,
  accountListingSchema,
  invitationEntrySchema,
  PASSWORD_MIN_LENGTH,
  type AdminRole,
} from '@shared/admin-accounts';
import type { FromSchema } from '@shared/json-schema';
import { handedOver, handOver } from '../../bookings';
import { tablesOf } from '../../platform/database/connection';
import {
  displayName as name,
  errorBody,
  idParams,
  objectOf,
} from '../../platform/http/api-schemas';
import { AccountRefusal, type AdminAccounts, type FirstCredential } from './accounts';
import { passwordText, signedInBody, webauthnOptions, webauthnResponse } from './auth-schemas';
import { deviceName } from './device-name';

const email = { type: 'string', format: 'email', minLength: 3, maxLength: 254 } as const;
const token = { type: 'string', minLength: 1, maxLength: 200 } as const;
const { role } = invitationEntrySchema.properties;

const acceptBody = {
  type: 'object',
  properties: {
    token,
    name,
    password: passwordText,
    passkey: { ...webauthnResponse, description: 'Instead of a password' },
  },
  required: ['token', 'name'],
  oneOf: [{ required: ['password'] }, { required: ['passkey'] }],
} as const;
type AcceptBody = FromSchema<typeof acceptBody> & { passkey?: RegistrationResponseJSON };

/** zxcvbn-ts's list of ~49,000 passwords seen most in breaches. */
const common = new Set(dictionary['passwords-common'] as string[]);

function passwordProblem(password: string, email: string): string | undefined {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    return `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  const lower = password.toLowerCase();
  if (common.has(lower) || lower === email.toLowerCase()) {
    return 'This password is too common: choose another';
  }
  return undefined;
}

/** The owner's accounts and invitations (guarded); disabling ends sessions and hands calls over. */
export const accountRoutes: FastifyPluginAsync<{ accounts: AdminAccounts }> = async (
  app,
  { accounts },
) => {
  app.get('/api/admin/users', { schema: { response: { 200: accountListingSchema } } }, async () =>
    accounts.list(),
  );

  app.post<{ Body: { email: string; role: AdminRole } }>(
    '/api/admin/users',
    {
      schema: {
        body: { ...objectOf({ email, role }), additionalProperties: false },
        response: { 201: invitationEntrySchema, 409: errorBody },
      },
    },
    async (request, reply) => {
      const { email: address, role } = request.body;
      const by = request.adminSession!.account.id;
      const invitation = await accounts.invite(address, role, by, (trx, { id }) => {
        const entry = { action: 'account_invited', detail: `invitation ${id} as ${role}` } as const;
        return app.audit.record(entry, request, trx);
      });
      return reply.code(201).send(invitation);
    },
  );

  app.patch<{ Params: { id: number }; Body: { role?: AdminRole; disabled?: boolean } }>(
    '/api/admin/users/:id',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          properties: { role, disabled: { type: 'boolean' } },
          minProperties: 1,
          additionalProperties: false,
        },
        response: { 200: accountChangeSchema, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { role, disabled } = request.body;
      return app.writeQueue.run(async (trx) => {
        const account = await accounts.change(tablesOf(trx), id, request.body);
        if (account.disabled) await app.adminAuth.sessions.endAll(id, tablesOf(trx));
        const calls = await handOver(trx, id);
        const changes = [
          role === undefined ? undefined : `role ${account.formerRole} -> ${role}`,
          disabled === undefined ? undefined : disabled ? 'disabled' : 'enabled',
          handedOver(calls),
        ];
        const detail = `account ${id}: ${changes.filter(Boolean).join(', ')}`;
        await app.audit.record({ action: 'account_changed', detail }, request, trx);
        return { ...account, calls };
      });
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/admin/users/:id/reset-sign-in',
    {
      schema: {
        description:
          'Ends the sessions and removes the password, passkeys, authenticator app and recovery codes of another account, and e-mails it a link (72 hours, once) to choose a new password or passkey',
        params: idParams,
        response: { 200: invitationEntrySchema, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const { id } = request.params;
      const detail = `Reset sign-in for account ${id}`;
      return accounts.resetSignIn(id, request.adminSession!.account.id, async (trx) => {
        await app.adminAuth.sessions.endAll(id, tablesOf(trx));
        await app.adminFactors.forget(id, trx);
        await app.audit.record({ action: 'sign_in_reset', detail }, request, trx);
      });
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/admin/invitations/:id',
    {
      schema: {
        description: "Not a reset sign-in's (409): the account's one way in",
        params: idParams,
        response: { 204: { type: 'null' }, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const entry = { action: 'invitation_withdrawn', detail: `invitation ${id}` } as const;
      return (await accounts.withdraw(id, app.audit.recorder(entry, request)))
        ? reply.code(204).send()
        : reply.code(404).send({ error: 'No such pending invitation' });
    },
  );
};

/** The invitee's routes (the token is the proof): accepting signs the new account in. */
export const invitationRoutes: FastifyPluginAsync<{ accounts: AdminAccounts }> = async (
  app,
  { accounts },
) => {
  const { adminAuth, adminFactors } = app;
  const gone = { error: 'This invitation has expired or was already used' };
  // Posted from our own invite page only.
  app.addHook('onRequest', adminAuth.checkOrigin);

  app.post<{ Body: { token: string } }>(
    '/api/admin/invitation',
    {
      schema: {
        body: objectOf({ token }),
        response: {
          200: {
            type: 'object',
            properties: {
              email: { type: 'string' },
              role,
              name: { type: 'string', description: "A reset sign-in's: the account keeps it" },
            },
            required: ['email', 'role'],
          },
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const invitation = await accounts.pending(request.body.token);
      if (!invitation) return reply.code(404).send(gone);
      const { email, role, name } = invitation;
      return name === null ? { email, role } : { email, role, name };
    },
  );

  app.post<{ Body: { token: string; name: string } }>(
    '/api/admin/invitation/passkey-options',
    {
      schema: {
        body: objectOf({ token, name }),
        response: { 200: webauthnOptions, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const invitation = await accounts.pending(request.body.token);
      if (!invitation) return reply.code(404).send(gone);
      return adminFactors.passkeys.registrationOptions(
        { invitationId: Number(invitation.id) },
        { name: request.body.name.trim(), email: invitation.email },
      );
    },
  );

  /** The new account's password, or its verified passkey; else why not. */
  const firstCredential = async (
    request: FastifyRequest<{ Body: AcceptBody }>,
    invitation: { id: number; email: string },
  ): Promise<FirstCredential | { problem: string }> => {
    const { password, passkey } = request.body;
    if (password !== undefined) {
      const problem = passwordProblem(password, invitation.email);
      return problem ? { problem } : { password };
    }
    const { passkeys } = adminFactors;
    const credential = await passkeys.verifyRegistration(
      { invitationId: Number(invitation.id) },
      passkey!,
    );
    if (!credential) return { problem: 'The passkey could not be verified' };
    // Named after the device it was made on, as the Security tab then lists it.
    const label = deviceName(request.headers['user-agent'] ?? null);
    return {
      // A credential another account has: refused, and the invitation stays open (rollback).
      keepPasskey: async (trx, accountId) => {
        if ((await passkeys.keep(accountId, label, credential, tablesOf(trx))) === undefined) {
          throw new AccountRefusal(409, 'This passkey is already registered');
        }
      },
    };
  };

  app.post<{ Body: AcceptBody }>(
    '/api/admin/invitation/accept',
    {
      schema: {
        body: acceptBody,
        response: {
          200: signedInBody,
          400: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { token: raw, name: chosen } = request.body;
      const invitation = await accounts.pending(raw);
      if (!invitation) return reply.code(404).send(gone);
      const credential = await firstCredential(request, invitation);
      if ('problem' in credential) return reply.code(400).send({ error: credential.problem });
      const detail = request.body.passkey ? 'with a passkey' : undefined;
      const session = await accounts.accept(raw, chosen, credential, async (trx, accountId) => {
        const opened = await adminAuth.open(request, accountId, trx);
        await app.audit.record({ action: 'invitation_accepted', detail }, request, trx);
        return opened;
      });
      if (session === undefined) return reply.code(404).send(gone);
      return adminAuth.signIn(request, reply, session);
    },
  );
};
