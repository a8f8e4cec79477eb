import { generate } from 'otplib';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it, vi } from 'vitest';
import type { AdminRole } from '../../src/shared/admin-accounts';
import { adminEnv, freshAddress, passkeySignIn, signIn } from '../support/admin';
import { GOOD_PASSWORD, cookieOf, newAccount as accountOf } from '../support/accounts';
import { eventually } from '../support/eventually';
import { fetchOpenApi } from '../support/openapi';
import { readableMail, startLocalSmtp } from '../support/smtp';
import { softwarePasskey } from '../support/software-passkey';
import { describeEachDatabase } from '../support/test-app';

/*
 * An owner's "Reset sign-in" (task K14, decisions 156 and 157): the account's sessions and every
 * credential go in one transaction, and a one-use link mailed through the invitations' outbox
 * lets the person choose a new password or passkey, keeping the account.
 */

// Each account's password is hashed at the real scrypt cost (decision 020).
vi.setConfig({ testTimeout: 60_000 });

const SITE_URL = 'https://talent.example';
const NEW_PASSWORD = 'another calm and mossy path';
const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

type App = FastifyInstance;
const newAccount = (app: App, owner: string, role: AdminRole) => accountOf(app, smtp, owner, role);
const request = (app: App, method: string, url: string, cookie: string, payload?: object) =>
  app.inject({ method: method as 'POST', url, headers: { cookie }, ...(payload && { payload }) });
const reset = (app: App, cookie: string, id: number) =>
  request(app, 'POST', `/api/admin/users/${id}/reset-sign-in`, cookie);
const signedIn = async (app: App, cookie: string) =>
  (await request(app, 'GET', '/api/admin/session', cookie)).json<{ authenticated: boolean }>()
    .authenticated;
const passwordSignIn = (app: App, email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email, password },
    remoteAddress: freshAddress(),
  });
const accept = (app: App, payload: object) =>
  app.inject({ method: 'POST', url: '/api/admin/invitation/accept', payload });

/** The reset mail to `email` (the latest), and the token of its link. */
const resetMail = (email: string, count = 1) =>
  eventually(() => {
    const mails = smtp.received
      .filter((mail) => mail.to.includes(email))
      .map(readableMail)
      .filter((text) => text.includes('was reset'));
    const text = mails[count - 1];
    const token = text && /\/admin\/invite\?token=([\w-]+)/.exec(text)?.[1];
    return token ? { text, token } : undefined;
  });

describeEachDatabase(
  'an owner resets a sign-in',
  (current) => {
    it('ends the sessions, removes every credential, and the mailed link sets a new password once', async () => {
      const { app, db } = current();
      const owner = await signIn(app);
      const rita = await newAccount(app, owner, 'recruiter');
      // Her authenticator app, a passkey, and a password sign-in waiting for its second step.
      const started = await request(app, 'POST', '/api/admin/totp', rita.cookie);
      const { secret } = started.json<{ secret: string }>();
      const confirmed = await request(app, 'POST', '/api/admin/totp/confirm', rita.cookie, {
        code: await generate({ secret }),
      });
      expect(confirmed.statusCode).toBe(200);
      let cookie = cookieOf(confirmed);
      const authenticator = softwarePasskey(SITE_URL);
      const options = await request(
        app,
        'POST',
        '/api/admin/passkeys/registration-options',
        cookie,
      );
      const added = await request(app, 'POST', '/api/admin/passkeys', cookie, {
        name: 'Laptop',
        response: authenticator.register(options.json()),
      });
      expect(added.statusCode).toBe(201);
      cookie = cookieOf(added);
      const pending = await passwordSignIn(app, rita.email, GOOD_PASSWORD);
      expect(pending.json()).toMatchObject({ authenticated: false });

      const answer = await reset(app, owner, rita.id);
      expect(answer.statusCode).toBe(200);
      const invitation = answer.json<{ email: string; createdAt: string; expiresAt: string }>();
      expect(invitation).toMatchObject({ email: rita.email, role: 'recruiter' });
      expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(
        72 * 3600_000,
      );

      // Nothing she had lets her in: session, password, second step, passkey.
      expect(await signedIn(app, cookie)).toBe(false);
      expect((await passwordSignIn(app, rita.email, GOOD_PASSWORD)).statusCode).toBe(401);
      const secondStep = await app.inject({
        method: 'POST',
        url: '/api/admin/login/second-factor',
        headers: { cookie: pending.cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
        payload: { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }) },
        remoteAddress: freshAddress(),
      });
      expect(secondStep.statusCode).toBe(401);
      expect((await passkeySignIn(app, authenticator)).statusCode).toBe(401);

      // The mail names the owner who asked and says it may be ignored.
      const { text, token } = await resetMail(rita.email);
      expect(text).toContain('Owner reset your sign-in');
      expect(text).toContain('If you did not expect this, ignore this e-mail');
      const lookup = await app.inject({
        method: 'POST',
        url: '/api/admin/invitation',
        payload: { token },
      });
      expect(lookup.json()).toEqual({ email: rita.email, role: 'recruiter', name: 'A recruiter' });

      // The same password rules; then the new one signs her in, as the same account.
      const short = await accept(app, { token, name: 'A recruiter', password: 'short-pass' });
      expect(short.statusCode).toBe(400);
      const accepted = await accept(app, { token, name: 'Someone else', password: NEW_PASSWORD });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({
        authenticated: true,
        account: { id: rita.id, name: 'A recruiter', email: rita.email, role: 'recruiter' },
      });
      const fresh = cookieOf(accepted);
      expect(await signedIn(app, fresh)).toBe(true);
      const factors = await request(app, 'GET', '/api/admin/factors', fresh);
      expect(factors.json()).toMatchObject({ passkeys: [], totp: false, recoveryCodesLeft: 0 });
      expect((await passwordSignIn(app, rita.email, NEW_PASSWORD)).statusCode).toBe(200);
      // Used once.
      expect((await accept(app, { token, name: 'x', password: NEW_PASSWORD })).statusCode).toBe(
        404,
      );

      // The log keeps ids; the owner's screen names the account.
      const audit = await request(app, 'GET', '/api/admin/audit?action=sign_in_reset', owner);
      expect(audit.json()[0]).toMatchObject({
        accountId: 1,
        detail: `Reset sign-in for account ${rita.id}`,
      });
      const kept = await db
        .selectFrom('admin_recovery_codes')
        .select('id')
        .where('account_id', '=', rita.id)
        .execute();
      expect(kept).toEqual([]);
    });

    it('lets the link register a passkey instead, and refuses it after 72 hours', async () => {
      const { app, db } = current();
      const owner = await signIn(app);
      const pat = await newAccount(app, owner, 'viewer');
      expect((await reset(app, owner, pat.id)).statusCode).toBe(200);
      const { token } = await resetMail(pat.email);
      const authenticator = softwarePasskey(SITE_URL);
      const options = await app.inject({
        method: 'POST',
        url: '/api/admin/invitation/passkey-options',
        payload: { token, name: 'A viewer' },
      });
      const accepted = await accept(app, {
        token,
        name: 'A viewer',
        passkey: authenticator.register(options.json()),
      });
      expect(accepted.json()).toMatchObject({ authenticated: true, account: { id: pat.id } });

      // A second reset; its link, once past its 72 hours, sets nothing.
      expect((await reset(app, owner, pat.id)).statusCode).toBe(200);
      const late = await resetMail(pat.email, 2);
      await db
        .updateTable('admin_invitations')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('email', '=', pat.email)
        .execute();
      const expired = await accept(app, { token: late.token, name: 'x', password: NEW_PASSWORD });
      expect(expired.statusCode).toBe(404);
      expect((await passwordSignIn(app, pat.email, NEW_PASSWORD)).statusCode).toBe(401);
    });

    it('refuses the link while the account is disabled, and keeps it until it is enabled', async () => {
      const { app } = current();
      const owner = await signIn(app);
      const sam = await newAccount(app, owner, 'viewer');
      expect((await reset(app, owner, sam.id)).statusCode).toBe(200);
      const { token } = await resetMail(sam.email);
      const disabled = (value: boolean) =>
        request(app, 'PATCH', `/api/admin/users/${sam.id}`, owner, { disabled: value });
      expect((await disabled(true)).statusCode).toBe(200);

      const refused = await accept(app, { token, name: 'x', password: NEW_PASSWORD });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatch(/disabled.*enable.*this link again/i);
      expect((await passwordSignIn(app, sam.email, NEW_PASSWORD)).statusCode).toBe(401);

      expect((await disabled(false)).statusCode).toBe(200);
      const accepted = await accept(app, { token, name: 'x', password: NEW_PASSWORD });
      expect(accepted.json()).toMatchObject({ authenticated: true, account: { id: sam.id } });
    });

    it('is for owners, on another account than the founding owner and their own', async () => {
      const { app } = current();
      const owner = await signIn(app);
      const recruiter = await newAccount(app, owner, 'recruiter');
      const viewer = await newAccount(app, owner, 'viewer');
      const second = await newAccount(app, owner, 'owner');
      expect((await reset(app, recruiter.cookie, viewer.id)).statusCode).toBe(403);
      expect((await reset(app, viewer.cookie, recruiter.id)).statusCode).toBe(403);
      expect(await signedIn(app, viewer.cookie)).toBe(true);

      const founding = await reset(app, second.cookie, 1);
      expect(founding.statusCode).toBe(409);
      expect(founding.json().error).toMatch(/ADMIN_PASSWORD/);
      expect((await reset(app, second.cookie, second.id)).statusCode).toBe(409);
      expect((await reset(app, owner, 99_999)).statusCode).toBe(404);
      expect(await signedIn(app, second.cookie)).toBe(true);

      const document = await fetchOpenApi(app);
      expect(document.paths['/api/admin/users/{id}/reset-sign-in']?.post?.security).toBeTruthy();
    });
  },
  { env: { ...adminEnv, SMTP_URL: smtp.url, SITE_URL } },
);
