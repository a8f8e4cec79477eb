import { generate } from 'otplib';
import type { SessionEntry } from '@shared/admin-accounts';
import type { AuditEntryView } from '../../src/server/admin/audit/audit-log';
import { expect, it } from 'vitest';
import { ADMIN_TEST_PASSWORD, adminEnv, freshAddress, signIn } from '../support/admin';
import { guardedReads } from '../support/openapi';
import { softwarePasskey } from '../support/software-passkey';
import { describeEachDatabase, type TestApp } from '../support/test-app';
import { refuseAuditEntries } from '../support/write-blocker';

/*
 * Second factors (issue 22, docs/decisions/157): the owner's authenticator app, its codes and
 * recovery codes, the second sign-in step, and what changing a factor asks for. Passkeys need an
 * authenticator: tests/browser/admin-factors.spec.ts registers and uses one in Chromium.
 */

type App = TestApp['app'];
const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) => {
  const cookie = response.cookies.find((c) => c.name === name && c.value !== '');
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
};
const sessionCookie = (response: Parameters<typeof cookieOf>[0]) =>
  cookieOf(response, 'tb_admin_session');
const leads = (app: App, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/candidate-submissions', headers: { cookie } });
const post = (app: App, url: string, cookie: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
/** A code of the step after the current one: accepted (one step either side), never replayed. */
const nextCode = (secret: string) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** Sets the owner's authenticator app up; answers its secret, recovery codes and new cookie. */
async function setUpTotp(app: App, cookie: string) {
  const started = await post(app, '/api/admin/totp', cookie);
  expect(started.statusCode).toBe(200);
  const { secret, qrCode, uri } = started.json<{ secret: string; qrCode: string; uri: string }>();
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(uri).toContain(`secret=${secret}`);
  const wrong = await post(app, '/api/admin/totp/confirm', cookie, { code: '000000' });
  expect(wrong.statusCode).toBe(400);
  const code = await generate({ secret });
  const confirmed = await post(app, '/api/admin/totp/confirm', cookie, { code });
  expect(confirmed.statusCode).toBe(200);
  const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
  return { secret, code, recoveryCodes, cookie: sessionCookie(confirmed)! };
}

/** The password sign-in's throttled answer, past the address's 5 attempts in 15 minutes. */
function expectThrottled(response: Awaited<ReturnType<App['inject']>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    error: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    retryAfterSeconds: Number(response.headers['retry-after']),
  });
}

/** A password sign-in that stops at the second step; answers the pending cookie. */
async function passwordStep(app: App, remoteAddress: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { password: ADMIN_TEST_PASSWORD },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ authenticated: false, secondFactor: ['totp', 'recovery'] });
  expect(sessionCookie(response)).toBeUndefined();
  return cookieOf(response, 'tb_admin_pending')!;
}

const secondStep = (app: App, pending: string, code: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/login/second-factor',
    headers: { cookie: pending },
    payload: { code },
    remoteAddress,
  });

describeEachDatabase(
  'admin second factors',
  (current) => {
    it('sets an authenticator app up, then asks a password sign-in for its code, once each', async () => {
      const { app, db } = current();
      const first = await signIn(app);
      expect((await leads(app, first)).statusCode).toBe(200);

      const totp = await setUpTotp(app, first);
      expect(totp.recoveryCodes).toHaveLength(10);
      expect(new Set(totp.recoveryCodes).size).toBe(10);
      // The change rotated the session: the old cookie is refused, the new one works.
      expect((await leads(app, first)).statusCode).toBe(401);
      expect((await leads(app, totp.cookie)).statusCode).toBe(200);
      const stored = await db.selectFrom('admin_recovery_codes').select('code_hash').execute();
      expect(stored.map((row) => row.code_hash)).not.toContain(totp.recoveryCodes[0]);

      const address = freshAddress();
      const pending = await passwordStep(app, address);
      // No second step without the pending sign-in's cookie, nor with a wrong or replayed code.
      expect((await secondStep(app, '', totp.code, address)).statusCode).toBe(401);
      const wrong = await secondStep(app, pending, '123456', address);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: 'Incorrect code' });
      // The set-up's own code, within its 30 s: right but used, so the answer says to wait.
      const replayed = await secondStep(app, pending, totp.code, address);
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json()).toEqual({
        error: 'This code was already used: wait for your app’s next code',
      });
      const code = await nextCode(totp.secret);
      const signedIn = await secondStep(app, pending, code, address);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toEqual({
        authenticated: true,
        account: expect.objectContaining({ id: 1, role: 'owner' }),
      });
      expect((await leads(app, sessionCookie(signedIn)!)).statusCode).toBe(200);
      // The same code again, in a new sign-in: refused.
      const again = await passwordStep(app, freshAddress());
      expect((await secondStep(app, again, code, freshAddress())).statusCode).toBe(401);

      // A recovery code signs in once; typed in capitals and without its dash, it is the same.
      const recovery = totp.recoveryCodes[0]!;
      const third = await passwordStep(app, address);
      const recovered = await secondStep(
        app,
        third,
        recovery.toUpperCase().replace('-', ''),
        address,
      );
      expect(recovered.statusCode).toBe(200);
      const fourth = await passwordStep(app, address);
      expect((await secondStep(app, fourth, recovery, address)).statusCode).toBe(401);

      const factors = await app.inject({
        method: 'GET',
        url: '/api/admin/factors',
        headers: { cookie: sessionCookie(recovered)! },
      });
      expect(factors.json()).toMatchObject({ totp: true, recoveryCodesLeft: 9, passkeys: [] });

      const actions = await db
        .selectFrom('admin_audit_entries')
        .select(['action', 'detail'])
        .where('action', 'in', ['totp_added', 'sign_in'])
        .orderBy('id', 'desc')
        .limit(3)
        .execute();
      expect(actions.map((row) => row.action)).toContain('totp_added');
      expect(actions[0]).toEqual({ action: 'sign_in', detail: 'with a second factor' });

      // Off again (a fresh sign-in may change factors), and the password alone signs in.
      const off = await app.inject({
        method: 'DELETE',
        url: '/api/admin/totp',
        headers: { cookie: sessionCookie(recovered)! },
      });
      expect(off.statusCode).toBe(204);
      expect((await leads(app, await signIn(app))).statusCode).toBe(200);
    });

    it('keeps the authenticator app, its recovery codes and the session when a change cannot be audited', async () => {
      const testApp = current();
      const { app, db } = testApp;
      const { cookie } = await setUpTotp(app, await signIn(app));
      const codes = () => db.selectFrom('admin_recovery_codes').select('code_hash').execute();
      const before = await codes();
      const removal = { method: 'DELETE', url: '/api/admin/totp', headers: { cookie } } as const;
      const refusal = await refuseAuditEntries(testApp);
      try {
        const regenerated = await post(app, '/api/admin/recovery-codes', cookie);
        expect(regenerated.statusCode).toBe(500);
        expect(regenerated.body).not.toContain('recoveryCodes');
        expect((await app.inject(removal)).statusCode).toBe(500);
      } finally {
        await refusal.release();
      }
      const factors = await app.inject({ url: '/api/admin/factors', headers: { cookie } });
      expect(factors.statusCode).toBe(200);
      expect(factors.json()).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
      expect(await codes()).toEqual(before);
      // With the log writable again, it goes (the next test signs in with the password alone).
      expect((await app.inject(removal)).statusCode).toBe(204);
    });

    it('adds, renames or removes no passkey whose change cannot be audited', async () => {
      const testApp = current();
      const { app } = testApp;
      const cookie = await signIn(app);
      const register = async (name: string, as: string) => {
        const options = await post(app, '/api/admin/passkeys/registration-options', as);
        const response = softwarePasskey('http://localhost:3000').register(options.json());
        return post(app, '/api/admin/passkeys', as, { name, response });
      };
      const added = await register('Laptop', cookie);
      expect(added.statusCode).toBe(201);
      const { id } = added.json<{ id: number }>();
      const as = sessionCookie(added)!;
      const url = `/api/admin/passkeys/${id}`;
      const refusal = await refuseAuditEntries(testApp);
      try {
        expect((await register('Phone', as)).statusCode).toBe(500);
        const renamed = {
          method: 'PATCH',
          url,
          headers: { cookie: as },
          payload: { name: 'Work' },
        };
        expect((await app.inject(renamed as object)).statusCode).toBe(500);
        expect(
          (await app.inject({ method: 'DELETE', url, headers: { cookie: as } })).statusCode,
        ).toBe(500);
      } finally {
        await refusal.release();
      }
      const factors = await app.inject({ url: '/api/admin/factors', headers: { cookie: as } });
      expect(factors.statusCode).toBe(200);
      expect(factors.json().passkeys).toEqual([expect.objectContaining({ id, name: 'Laptop' })]);
      expect(
        (await app.inject({ method: 'DELETE', url, headers: { cookie: as } })).statusCode,
      ).toBe(204);
    });

    it("names in each sign-in's and change's audit entry the session the account has after it", async () => {
      const { app } = current();
      /** The newest entry of `action` names the session `cookie` is, as its sessions list shows. */
      const expectActorIs = async (cookie: string, action: string) => {
        const get = (url: string) => app.inject({ url, headers: { cookie } });
        const sessions = (await get('/api/admin/sessions')).json<SessionEntry[]>();
        const current = sessions.find((session) => session.current)?.id;
        const [entry] = (await get(`/api/admin/audit?action=${action}&limit=1`)).json<
          AuditEntryView[]
        >();
        expect(entry?.actor, action).toMatch(new RegExp(`\\(account 1, session ${current}\\)$`));
      };
      const signedIn = await signIn(app);
      await expectActorIs(signedIn, 'sign_in');
      const totp = await setUpTotp(app, signedIn);
      await expectActorIs(totp.cookie, 'totp_added');
      const address = freshAddress();
      const pending = await passwordStep(app, address);
      let cookie = sessionCookie(
        await secondStep(app, pending, await nextCode(totp.secret), address),
      )!;
      await expectActorIs(cookie, 'sign_in');
      const change = async (
        action: string,
        answer: Promise<Awaited<ReturnType<App['inject']>>>,
      ) => {
        const response = await answer;
        expect(response.statusCode, action).toBeLessThan(300);
        cookie = sessionCookie(response)!;
        await expectActorIs(cookie, action);
        return response;
      };
      await change('recovery_codes_regenerated', post(app, '/api/admin/recovery-codes', cookie));
      const options = await post(app, '/api/admin/passkeys/registration-options', cookie);
      const response = softwarePasskey('http://localhost:3000').register(options.json());
      const added = await change(
        'passkey_added',
        post(app, '/api/admin/passkeys', cookie, { name: 'Laptop', response }),
      );
      const url = `/api/admin/passkeys/${added.json<{ id: number }>().id}`;
      await change(
        'passkey_renamed',
        app.inject({ method: 'PATCH', url, headers: { cookie }, payload: { name: 'Work' } }),
      );
      await change('passkey_removed', app.inject({ method: 'DELETE', url, headers: { cookie } }));
      // Off again: the next test signs in with the password alone.
      await change(
        'totp_removed',
        app.inject({ method: 'DELETE', url: '/api/admin/totp', headers: { cookie } }),
      );
    });

    it('asks for the password or a factor again before a change, past five minutes', async () => {
      const { app, db } = current();
      const cookie = await signIn(app);
      const { id } = await db
        .selectFrom('admin_sessions')
        .select('id')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('admin_sessions')
        .set({ created_at: new Date(Date.now() - 6 * 60_000).toISOString() })
        .where('id', '=', id)
        .execute();
      const refused = await post(app, '/api/admin/totp', cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ confirmRequired: true });
      const options = await post(app, '/api/admin/passkeys/registration-options', cookie);
      expect(options.statusCode).toBe(403);
      const rename = await app.inject({
        method: 'PATCH',
        url: '/api/admin/passkeys/1',
        headers: { cookie },
        payload: { name: 'Renamed' },
      });
      expect(rename.json()).toMatchObject({ confirmRequired: true });

      const wrong = await post(app, '/api/admin/factors/confirm', cookie, { password: 'wrong' });
      expect(wrong.statusCode).toBe(401);
      const right = await post(app, '/api/admin/factors/confirm', cookie, {
        password: ADMIN_TEST_PASSWORD,
      });
      expect(right.statusCode).toBe(200);
      const allowed = await post(app, '/api/admin/passkeys/registration-options', cookie);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toMatchObject({
        rp: { id: 'localhost' },
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
    });

    it('refuses a passkey sign-in that no stored passkey proves', async () => {
      const { app } = current();
      const options = await app.inject({
        method: 'POST',
        url: '/api/admin/passkeys/sign-in-options',
      });
      expect(options.statusCode).toBe(200);
      expect(options.json()).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
      const remoteAddress = freshAddress();
      const attempt = () =>
        app.inject({
          method: 'POST',
          url: '/api/admin/login/passkey',
          payload: {
            response: { id: 'unknown', rawId: 'unknown', type: 'public-key', response: {} },
          },
          remoteAddress,
        });
      for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
      // Past the address's budget: the password sign-in's own answer.
      expectThrottled(await attempt());
    });

    it('throttles the passkey sign-in options like the other sign-in routes', async () => {
      const { app, db } = current();
      const remoteAddress = freshAddress();
      const options = () =>
        app.inject({ method: 'POST', url: '/api/admin/passkeys/sign-in-options', remoteAddress });
      const challenges = async () =>
        Number(
          (
            await db
              .selectFrom('admin_webauthn_challenges')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await challenges();
      for (let i = 0; i < 5; i++) expect((await options()).statusCode).toBe(200);
      // Past the address's budget: no challenge is stored, the password sign-in's own answer.
      expectThrottled(await options());
      expect(await challenges()).toBe(before + 5);
      // The address is spent for the passkey sign-in itself too.
      const signInAttempt = await app.inject({
        method: 'POST',
        url: '/api/admin/login/passkey',
        payload: { response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } },
        remoteAddress,
      });
      expect(signInAttempt.statusCode).toBe(429);
    });
  },
  { env: adminEnv },
);

describeEachDatabase(
  'ADMIN_REQUIRE_MFA',
  (current) => {
    it('lets nothing be read before the second factor, the audit log included', async () => {
      const { app } = current();
      const cookie = await signIn(app);
      const reads = await guardedReads(app, 1);
      expect(reads).toContain('/api/admin/audit?action=export');
      for (const url of reads) {
        for (const method of ['GET', 'HEAD'] as const) {
          const response = await app.inject({ method, url, headers: { cookie } });
          // Only its own sign-in methods, which the set-up shows.
          const expected = url === '/api/admin/factors' ? 200 : 403;
          expect(response.statusCode, `${method} ${url}`).toBe(expected);
          expect(response.headers['x-total-count'], `${method} ${url}`).toBeUndefined();
          if (method === 'GET' && expected === 403) {
            expect(response.json(), url).toMatchObject({ setupRequired: true });
          }
        }
      }
    });

    it('holds an account without a second factor at the set-up, before any lead', async () => {
      const { app } = current();
      const cookie = await signIn(app);
      const refused = await leads(app, cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ setupRequired: true });
      const session = await app.inject({
        method: 'GET',
        url: '/api/admin/session',
        headers: { cookie },
      });
      expect(session.json()).toEqual({
        authenticated: true,
        account: expect.objectContaining({ id: 1 }),
        setupRequired: true,
      });

      const totp = await setUpTotp(app, cookie);
      expect((await leads(app, totp.cookie)).statusCode).toBe(200);
    });
  },
  { env: { ...adminEnv, ADMIN_REQUIRE_MFA: 'true' } },
);
