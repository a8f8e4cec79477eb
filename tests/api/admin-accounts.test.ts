import { createHash } from 'node:crypto';
import { generate } from 'otplib';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it, vi } from 'vitest';
import type { AdminRole } from '../../src/shared/admin-accounts';
import {
  ADMIN_TEST_PASSWORD,
  adminEnv,
  freshAddress,
  passkeySignIn,
  seedCandidate,
  signIn,
} from '../support/admin';
import {
  GOOD_PASSWORD,
  cookieOf,
  invitationToken,
  newAccount as accountOf,
} from '../support/accounts';
import { fetchOpenApi } from '../support/openapi';
import { startLocalSmtp } from '../support/smtp';
import { softwarePasskey } from '../support/software-passkey';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';

/*
 * Named accounts (issue 22, decision 156): invitations by e-mail through a real SMTP server,
 * sign-in by e-mail, the owner's management, each account's sessions, the permission of every
 * admin route by role, and the audit log by account.
 */

// Each invited account's password is hashed and checked at the real scrypt cost (about 1 s of CPU
// each, several times that while the other test files run): a test may make four.
vi.setConfig({ testTimeout: 60_000 });

const SITE_URL = 'https://talent.example';
const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const tokenIn = (email: string) => invitationToken(smtp, email);
const newAccount = (app: FastifyInstance, owner: string, role: AdminRole) =>
  accountOf(app, smtp, owner, role);

const json = (
  app: FastifyInstance,
  method: string,
  url: string,
  cookie: string,
  payload?: object,
) =>
  app.inject({
    method: method as 'GET',
    url,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });

const signInWith = (app: FastifyInstance, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload,
    remoteAddress: freshAddress(),
  });

describeEachDatabase(
  'admin accounts',
  (current) => {
    it('invites by e-mail: a link valid 72 hours, used once, and only its hash stored', async () => {
      const { app, db } = current();
      const owner = await signIn(app);
      const email = uniqueEmail('invitee');
      const invited = await json(app, 'POST', '/api/admin/users', owner, {
        email: email.toUpperCase(),
        role: 'recruiter',
      });
      expect(invited.statusCode).toBe(201);
      const invitation = invited.json<{ email: string; createdAt: string; expiresAt: string }>();
      expect(invitation.email).toBe(email);
      expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(
        72 * 3600_000,
      );

      const token = await tokenIn(email);
      const stored = await db
        .selectFrom('admin_invitations')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(stored.token_hash).toBe(sha256(token));
      expect(
        JSON.stringify(await db.selectFrom('outbox_messages').selectAll().execute()),
      ).not.toContain(token);

      const lookup = await app.inject({
        method: 'POST',
        url: '/api/admin/invitation',
        payload: { token },
      });
      expect(lookup.json()).toEqual({ email, role: 'recruiter' });
      const listed = await json(app, 'GET', '/api/admin/users', owner);
      expect(listed.json().invitations).toContainEqual(expect.objectContaining({ email }));

      // Opened in a browser still signed in as the owner: that session ends, on the server too.
      const browser = await signIn(app);
      const accept = (password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/invitation/accept',
          headers: { cookie: browser },
          payload: { token, name: 'Rita Recruiter', password },
        });
      expect((await accept('short-pass')).json()).toEqual({
        error: 'Choose a password of at least 12 characters',
      });
      const common = await accept('qwerty123456');
      expect(common.statusCode).toBe(400);
      expect(common.json().error).toMatch(/too common/);
      const accepted = await accept(GOOD_PASSWORD);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({
        authenticated: true,
        account: { name: 'Rita Recruiter', email, role: 'recruiter' },
      });
      const session = await json(app, 'GET', '/api/admin/session', cookieOf(accepted));
      expect(session.json().account.role).toBe('recruiter');
      expect((await json(app, 'GET', '/api/admin/session', browser)).json()).toEqual({
        authenticated: false,
        ended: 'ended',
      });
      // Usable once.
      expect((await accept(GOOD_PASSWORD)).statusCode).toBe(404);
      const after = (await json(app, 'GET', '/api/admin/users', owner)).json();
      expect(after.invitations).not.toContainEqual(expect.objectContaining({ email }));
      expect(after.accounts).toContainEqual(
        expect.objectContaining({ email, role: 'recruiter', disabled: false }),
      );
      // An account's address cannot be invited again.
      const again = await json(app, 'POST', '/api/admin/users', owner, { email, role: 'viewer' });
      expect(again.statusCode).toBe(409);
    });

    it('refuses an invitation past its 72 hours', async () => {
      const { app, db } = current();
      const owner = await signIn(app);
      const email = uniqueEmail('late');
      await json(app, 'POST', '/api/admin/users', owner, { email, role: 'viewer' });
      const token = await tokenIn(email);
      await db
        .updateTable('admin_invitations')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('email', '=', email)
        .execute();
      const accepted = await app.inject({
        method: 'POST',
        url: '/api/admin/invitation/accept',
        payload: { token, name: 'Late', password: GOOD_PASSWORD },
      });
      expect(accepted.statusCode).toBe(404);
      const options = await app.inject({
        method: 'POST',
        url: '/api/admin/invitation/passkey-options',
        payload: { token, name: 'Late' },
      });
      expect(options.statusCode).toBe(404);
    });

    it('lets an invitee register a passkey instead of a password, once; it signs in alone', async () => {
      const { app, db } = current();
      const owner = await signIn(app);
      const invite = async (name: string) => {
        const email = uniqueEmail(name);
        await json(app, 'POST', '/api/admin/users', owner, { email, role: 'recruiter' });
        return { email, token: await tokenIn(email) };
      };
      const passkeyOptions = (token: string) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/invitation/passkey-options',
          payload: { token, name: 'Pat Passkey' },
        });
      const accept = (token: string, passkey: object) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/invitation/accept',
          payload: { token, name: 'Pat Passkey', passkey },
          headers: { 'user-agent': 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Safari/604.1' },
        });
      const { email, token } = await invite('passkey');
      const authenticator = softwarePasskey(SITE_URL);

      const options = await passkeyOptions(token);
      expect(options.statusCode).toBe(200);
      expect(options.json()).toMatchObject({
        rp: { id: 'talent.example' },
        user: { name: email, displayName: 'Pat Passkey' },
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const registration = authenticator.register(options.json());
      // The challenge is this invitation's alone: another invitation's token does not take it.
      const other = await invite('other');
      expect((await accept(other.token, registration)).json()).toEqual({
        error: 'The passkey could not be verified',
      });
      // That try spent nothing of this invitation's: a new challenge, and the passkey is kept.
      const accepted = await accept(
        token,
        authenticator.register((await passkeyOptions(token)).json()),
      );
      expect(accepted.statusCode).toBe(200);
      const { account } = accepted.json<{ account: { id: number } }>();
      expect(accepted.json()).toMatchObject({ authenticated: true, account: { email } });
      const row = await db
        .selectFrom('admin_accounts')
        .select('password_hash')
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toBeNull();
      const cookie = cookieOf(accepted);
      expect((await json(app, 'GET', '/api/admin/factors', cookie)).json().passkeys).toEqual([
        expect.objectContaining({ name: 'Safari on iOS' }),
      ]);

      // A credential another account holds makes no account; that invitation stays open.
      const taken = await accept(
        other.token,
        authenticator.register((await passkeyOptions(other.token)).json()),
      );
      expect(taken.json()).toEqual({ error: 'This passkey is already registered' });
      expect((await passkeyOptions(other.token)).statusCode).toBe(200);

      // Used once: neither route takes the token again.
      expect((await passkeyOptions(token)).statusCode).toBe(404);
      expect((await accept(token, registration)).statusCode).toBe(404);

      // No password: neither an e-mail sign-in nor the owner's password confirms this account.
      expect((await signInWith(app, { email, password: GOOD_PASSWORD })).statusCode).toBe(401);
      const confirm = await json(app, 'POST', '/api/admin/factors/confirm', cookie, {
        password: ADMIN_TEST_PASSWORD,
      });
      expect(confirm.statusCode).toBe(401);
      const [passkey] = (await json(app, 'GET', '/api/admin/factors', cookie)).json().passkeys;
      const removed = await json(app, 'DELETE', `/api/admin/passkeys/${passkey.id}`, cookie);
      expect(removed.statusCode).toBe(409);

      // The passkey signs in, with no password.
      const signedIn = await passkeySignIn(app, authenticator);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toMatchObject({ authenticated: true, account: { id: account.id } });
      const passkeyOnly = cookieOf(signedIn);
      expect((await json(app, 'GET', '/api/candidate-submissions', passkeyOnly)).statusCode).toBe(
        200,
      );
      // The Security tab learns whom a password can confirm: not this account, the owner yes.
      expect((await json(app, 'GET', '/api/admin/factors', passkeyOnly)).json()).toMatchObject({
        hasPassword: false,
      });
      expect((await json(app, 'GET', '/api/admin/factors', owner)).json()).toMatchObject({
        hasPassword: true,
      });

      // Its passkey is renamed by the account alone, with the name rules of a new one; audited.
      const rename = (cookie: string, name: string) =>
        json(app, 'PATCH', `/api/admin/passkeys/${passkey.id}`, cookie, { name });
      expect((await rename(owner, 'Not mine')).statusCode).toBe(404);
      expect((await rename(passkeyOnly, '   ')).statusCode).toBe(400);
      expect((await rename(passkeyOnly, 'x'.repeat(101))).statusCode).toBe(400);
      const renamed = await rename(passkeyOnly, '  Pat’s phone ');
      expect(renamed.statusCode).toBe(204);
      const factors = await json(app, 'GET', '/api/admin/factors', cookieOf(renamed));
      expect(factors.json().passkeys).toEqual([
        expect.objectContaining({ id: passkey.id, name: 'Pat’s phone' }),
      ]);
      const entry = await db
        .selectFrom('admin_audit_entries')
        .select('account_id')
        .where('action', '=', 'passkey_renamed')
        .executeTakeFirstOrThrow();
      expect(Number(entry.account_id)).toBe(account.id);
    });

    it('signs in by e-mail and password, with a new session each time; the owner by password alone', async () => {
      const { app } = current();
      const owner = await signIn(app);
      const { email, cookie: first } = await newAccount(app, owner, 'recruiter');
      expect((await signInWith(app, { email, password: 'wrong password here' })).json()).toEqual({
        error: 'Incorrect e-mail or password',
      });
      expect(
        (await signInWith(app, { email: 'nobody@example.com', password: GOOD_PASSWORD }))
          .statusCode,
      ).toBe(401);
      // The invited account has no claim on the owner's password-only sign-in.
      expect((await signInWith(app, { password: GOOD_PASSWORD })).statusCode).toBe(401);

      const again = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: email.toUpperCase(), password: GOOD_PASSWORD },
        headers: { cookie: first },
        remoteAddress: freshAddress(),
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        authenticated: true,
        account: { email, role: 'recruiter' },
      });
      // Rotated: a new token, and the browser's earlier session ended.
      expect(cookieOf(again)).not.toBe(first);
      expect((await json(app, 'GET', '/api/candidate-submissions', first)).statusCode).toBe(401);
      expect(
        (await json(app, 'GET', '/api/candidate-submissions', cookieOf(again))).statusCode,
      ).toBe(200);
    });

    it('lets only an owner manage accounts, keeps the founding owner, and ends a disabled account at once', async () => {
      const { app } = current();
      const owner = await signIn(app);
      const recruiter = await newAccount(app, owner, 'recruiter');
      for (const [method, url, payload] of [
        ['GET', '/api/admin/users', undefined],
        ['POST', '/api/admin/users', { email: uniqueEmail('x'), role: 'owner' }],
        ['PATCH', `/api/admin/users/${recruiter.id}`, { role: 'owner' }],
      ] as const) {
        const response = await json(app, method, url, recruiter.cookie, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }

      const founding = await json(app, 'PATCH', '/api/admin/users/1', owner, { disabled: true });
      expect(founding.statusCode).toBe(409);
      expect(founding.json().error).toMatch(/stays an enabled owner/);
      expect(
        (await json(app, 'PATCH', '/api/admin/users/1', owner, { role: 'viewer' })).statusCode,
      ).toBe(409);
      expect(
        (await json(app, 'PATCH', '/api/admin/users/99999', owner, { role: 'viewer' })).statusCode,
      ).toBe(404);
      expect(
        (await json(app, 'PATCH', `/api/admin/users/${recruiter.id}`, owner, {})).statusCode,
      ).toBe(400);

      const demoted = await json(app, 'PATCH', `/api/admin/users/${recruiter.id}`, owner, {
        role: 'viewer',
      });
      expect(demoted.json()).toMatchObject({ id: recruiter.id, role: 'viewer', disabled: false });
      // The role applies to the live session at once; the refusal names it, for the screen.
      const refused = await json(app, 'GET', '/api/admin/export/candidates.csv', recruiter.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'A viewer account may not do this', role: 'viewer' });

      const disabled = await json(app, 'PATCH', `/api/admin/users/${recruiter.id}`, owner, {
        disabled: true,
      });
      expect(disabled.json()).toMatchObject({ disabled: true });
      // Its browser is told why, on the next request and when it asks for its session.
      const ended = await json(app, 'GET', '/api/candidate-submissions', recruiter.cookie);
      expect(ended.statusCode).toBe(401);
      expect(ended.json()).toEqual({ error: 'Sign in required', ended: 'disabled' });
      expect((await json(app, 'GET', '/api/admin/session', recruiter.cookie)).json()).toEqual({
        authenticated: false,
        ended: 'disabled',
      });
      expect(
        (await signInWith(app, { email: recruiter.email, password: GOOD_PASSWORD })).statusCode,
      ).toBe(401);
    });

    it('withdraws the invitations of an owner disabled or demoted: none is a way back in', async () => {
      const { app } = current();
      const owner = await signIn(app);
      const [leaving, demoted] = [
        await newAccount(app, owner, 'owner'),
        await newAccount(app, owner, 'owner'),
      ];
      const invite = async (cookie: string, role: AdminRole) => {
        const email = uniqueEmail(`by-${role}`);
        const sent = await json(app, 'POST', '/api/admin/users', cookie, { email, role });
        expect(sent.statusCode).toBe(201);
        return { email, token: await tokenIn(email) };
      };
      const byLeaving = await invite(leaving.cookie, 'owner');
      const byDemoted = await invite(demoted.cookie, 'recruiter');
      const kept = await invite(owner, 'viewer');

      const change = (id: number, payload: object) =>
        json(app, 'PATCH', `/api/admin/users/${id}`, owner, payload);
      expect((await change(leaving.id, { disabled: true })).statusCode).toBe(200);
      expect((await change(demoted.id, { role: 'recruiter' })).statusCode).toBe(200);
      for (const { token } of [byLeaving, byDemoted]) {
        const accepted = await app.inject({
          method: 'POST',
          url: '/api/admin/invitation/accept',
          payload: { token, name: 'Let in by the gone', password: GOOD_PASSWORD },
        });
        expect(accepted.statusCode).toBe(404);
      }
      const { invitations } = (await json(app, 'GET', '/api/admin/users', owner)).json<{
        invitations: { email: string }[];
      }>();
      const pending = invitations.map(({ email }) => email);
      expect(pending).toContain(kept.email);
      expect(pending).not.toContain(byLeaving.email);
      expect(pending).not.toContain(byDemoted.email);
    });

    it('lets no sign-in begun before a disable finish with its second factor', async () => {
      const { app } = current();
      const owner = await signIn(app);
      const recruiter = await newAccount(app, owner, 'recruiter');
      const started = await json(app, 'POST', '/api/admin/totp', recruiter.cookie);
      const { secret } = started.json<{ secret: string }>();
      const confirm = { code: await generate({ secret }) };
      const confirmed = await json(
        app,
        'POST',
        '/api/admin/totp/confirm',
        recruiter.cookie,
        confirm,
      );
      expect(confirmed.statusCode).toBe(200);

      const address = freshAddress();
      const passwordStep = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: recruiter.email, password: GOOD_PASSWORD },
        remoteAddress: address,
      });
      expect(passwordStep.json()).toEqual({
        authenticated: false,
        secondFactor: ['totp', 'recovery'],
      });
      const pending = passwordStep.cookies.find(({ name }) => name === 'tb_admin_pending')!;
      const disabled = await json(app, 'PATCH', `/api/admin/users/${recruiter.id}`, owner, {
        disabled: true,
      });
      expect(disabled.statusCode).toBe(200);
      const secondStep = await app.inject({
        method: 'POST',
        url: '/api/admin/login/second-factor',
        headers: { cookie: `${pending.name}=${pending.value}` },
        payload: { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }) },
        remoteAddress: address,
      });
      expect(secondStep.statusCode).toBe(401);
      expect(secondStep.cookies.map(({ name }) => name)).not.toContain('tb_admin_session');
    });

    it("lists each account's own sessions and ends them; an owner ends anyone's", async () => {
      const { app } = current();
      const owner = await signIn(app);
      const viewer = await newAccount(app, owner, 'viewer');
      const second = cookieOf(
        await signInWith(app, { email: viewer.email, password: GOOD_PASSWORD }),
      );
      const mine = await json(app, 'GET', '/api/admin/sessions', viewer.cookie);
      expect(mine.statusCode).toBe(200);
      const sessions =
        mine.json<{ id: number; device: string; network: string; current: boolean }[]>();
      expect(sessions).toHaveLength(2);
      expect(sessions[0]).toMatchObject({
        device: 'Chrome on Linux',
        network: expect.stringMatching(/^10\.\d+\.\d+\.0\/24$/),
      });
      expect(sessions.filter((s) => s.current)).toHaveLength(1);
      const other = sessions.find((s) => !s.current)!;

      // Another account's sessions are an owner's to see and end.
      expect(
        (await json(app, 'GET', '/api/admin/sessions?account=1', viewer.cookie)).statusCode,
      ).toBe(403);
      const ownerSessions = (await json(app, 'GET', '/api/admin/sessions', owner)).json<
        { id: number }[]
      >();
      expect(
        (await json(app, 'DELETE', `/api/admin/sessions/${ownerSessions[0]!.id}`, viewer.cookie))
          .statusCode,
      ).toBe(404);

      expect(
        (await json(app, 'DELETE', `/api/admin/sessions/${other.id}`, viewer.cookie)).statusCode,
      ).toBe(204);
      expect((await json(app, 'GET', '/api/admin/overview', second)).statusCode).toBe(401);
      const seen = await json(app, 'GET', `/api/admin/sessions?account=${viewer.id}`, owner);
      expect(seen.json()).toHaveLength(1);
      expect(
        (await json(app, 'DELETE', `/api/admin/sessions/${seen.json()[0].id}`, owner)).statusCode,
      ).toBe(204);
      expect((await json(app, 'GET', '/api/admin/overview', viewer.cookie)).statusCode).toBe(401);
    });

    it('answers 403 to a viewer on every admin route but the reads of leads, overview and funnel', async () => {
      const { app } = current();
      const owner = await signIn(app);
      const viewer = await newAccount(app, owner, 'viewer');
      const lead = await seedCandidate(current(), 'regular');
      // What a viewer may do: read leads, the overview, the funnel (and the notices and texts the
      // dashboard shows with them), and look after its own sessions.
      const allowed = new Set([
        'GET /api/candidate-submissions',
        'GET /api/company-submissions',
        'GET /api/candidate-submissions/{id}',
        'GET /api/company-submissions/{id}',
        'GET /api/admin/lead-emails',
        'GET /api/candidate-submissions/{id}/duplicates',
        // The drawer's one request: the same reads as the four endpoints above.
        'GET /api/candidate-submissions/{id}/drawer',
        'GET /api/company-submissions/{id}/drawer',
        // The day's screening calls (issue 43).
        'GET /api/admin/bookings',
        'GET /api/admin/assignees',
        'GET /api/candidate-submissions/board',
        'GET /api/company-submissions/board',
        'GET /api/admin/overview',
        'GET /api/admin/funnel',
        'GET /api/admin/funnel.csv',
        'GET /api/admin/spend/mappings',
        'GET /api/admin/deliveries',
        'GET /api/admin/message-templates',
        'GET /api/admin/sessions',
        'DELETE /api/admin/sessions/{id}',
        'POST /api/admin/sign-out-everywhere',
        // Its own second factors (decision 157).
        'GET /api/admin/factors',
        'POST /api/admin/factors/confirm',
        'POST /api/admin/passkeys/registration-options',
        'POST /api/admin/passkeys',
        'PATCH /api/admin/passkeys/{id}',
        'DELETE /api/admin/passkeys/{id}',
        'POST /api/admin/totp',
        'POST /api/admin/totp/confirm',
        'DELETE /api/admin/totp',
        'POST /api/admin/recovery-codes',
      ]);
      const document = await fetchOpenApi(app);
      let walked = 0;
      for (const [path, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          if (!operation.security) continue;
          const route = `${method.toUpperCase()} ${path}`;
          const url = path
            .replace('{id}', String(lead.id))
            .replace('{file}', 'candidates.csv')
            .replace('{leadType}', 'candidate')
            .replace('{status}', 'new');
          const response = await app.inject({
            method: method.toUpperCase() as 'GET',
            url: route.includes('funnel') ? `${url}?from=2024-01-01&to=2024-01-31` : url,
            headers: { cookie: viewer.cookie },
            ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
          });
          if (allowed.has(route)) {
            expect(response.statusCode, route).not.toBe(403);
            // What a viewer may do can end or rotate its session (sessions, factors): anew.
            const still = await json(app, 'GET', '/api/admin/session', viewer.cookie);
            if (!still.json<{ authenticated: boolean }>().authenticated) {
              viewer.cookie = cookieOf(
                await signInWith(app, { email: viewer.email, password: GOOD_PASSWORD }),
              );
            }
          } else expect(response.statusCode, route).toBe(403);
          walked++;
        }
      }
      expect(walked).toBeGreaterThan(20);
    }, 60_000);

    it('lets a recruiter do lead work but not manage accounts or read the audit log', async () => {
      const { app } = current();
      const owner = await signIn(app);
      const recruiter = await newAccount(app, owner, 'recruiter');
      const lead = await seedCandidate(current(), 'regular');
      const patched = await json(
        app,
        'PATCH',
        `/api/candidate-submissions/${lead.id}`,
        recruiter.cookie,
        {
          status: 'contacted',
        },
      );
      expect(patched.statusCode).toBe(200);
      expect(
        (await json(app, 'GET', '/api/admin/export/candidates.csv', recruiter.cookie)).statusCode,
      ).toBe(200);
      expect((await json(app, 'GET', '/api/admin/audit', recruiter.cookie)).statusCode).toBe(403);
      expect((await json(app, 'GET', '/api/admin/users', recruiter.cookie)).statusCode).toBe(403);

      // Every entry names the account that acted; the log filters by account and by action.
      const audit = await json(
        app,
        'GET',
        `/api/admin/audit?account=${recruiter.id}&limit=500`,
        owner,
      );
      const entries = audit.json<{ action: string; accountId: number; actor: string }[]>();
      expect(entries.map((entry) => entry.action)).toEqual([
        'export',
        'status_changed',
        'invitation_accepted',
      ]);
      for (const entry of entries) {
        expect(entry.accountId).toBe(recruiter.id);
        expect(entry.actor).toMatch(
          new RegExp(`^A recruiter \\(account ${recruiter.id}, session \\d+\\)$`),
        );
      }
      const invites = await json(
        app,
        'GET',
        '/api/admin/audit?action=account_invited&account=1&limit=500',
        owner,
      );
      expect(invites.json().length).toBeGreaterThan(0);
      for (const entry of invites.json<{ action: string; accountId: number }[]>()) {
        expect(entry).toMatchObject({ action: 'account_invited', accountId: 1 });
      }
      const signIns = await json(app, 'GET', '/api/admin/audit?action=sign_in&account=1', owner);
      expect(signIns.json()[0]).toMatchObject({ action: 'sign_in', accountId: 1 });
    });
  },
  { env: { ...adminEnv, SMTP_URL: smtp.url, SITE_URL } },
);
