import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { expect, it } from 'vitest';
import {
  ADMIN_TEST_PASSWORD,
  adminEndpoints,
  adminEnv,
  adminOptions,
  freshAddress,
  signIn,
} from '../support/admin';
import { createTestApp, describeEachDatabase } from '../support/test-app';

describeEachDatabase(
  'admin sign-in and sessions',
  (current) => {
    it('tells the screen it is signed out, then signs in with the right password', async () => {
      const { app } = current();
      const before = await app.inject({ method: 'GET', url: '/api/admin/session' });
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual({ authenticated: false });

      const login = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { password: ADMIN_TEST_PASSWORD },
        remoteAddress: freshAddress(),
      });
      expect(login.statusCode).toBe(200);
      // The spec's answer, and beside it the account signed in: the founding owner.
      expect(login.json()).toEqual({
        authenticated: true,
        account: { id: 1, name: 'Owner', email: null, role: 'owner' },
      });
      const setCookie = String(login.headers['set-cookie']);
      expect(setCookie).toMatch(/^tb_admin_session=[\w-]{43};/);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Strict');
      expect(setCookie).toContain('Path=/');
      expect(setCookie).toContain('Max-Age=43200');
      expect(setCookie).not.toContain('Secure');

      const cookie = setCookie.split(';')[0] as string;
      const after = await app.inject({
        method: 'GET',
        url: '/api/admin/session',
        headers: { cookie },
      });
      expect(after.json()).toEqual({
        authenticated: true,
        account: { id: 1, name: 'Owner', email: null, role: 'owner' },
      });
      const list = await app.inject({
        method: 'GET',
        url: '/api/candidate-submissions',
        headers: { cookie },
      });
      expect(list.statusCode).toBe(200);
    });

    it('refuses a wrong password with the spec message', async () => {
      const response = await current().app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { password: 'not the password' },
        remoteAddress: freshAddress(),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Incorrect password' });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('stores only a hash of the session token', async () => {
      const { app, db } = current();
      const cookie = await signIn(app);
      const token = cookie.split('=')[1] as string;
      const rows = await db.selectFrom('admin_sessions').select('token_hash').execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((row) => row.token_hash.includes(token))).toBe(false);
      expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
    });

    it('answers 401 on every admin endpoint without a session', async () => {
      const { app } = current();
      for (const [method, url] of adminEndpoints) {
        const response = await app.inject({ method: method as 'GET', url });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json()).toEqual({ error: 'Sign in required' });
        const forged = await app.inject({
          method: method as 'GET',
          url,
          headers: { cookie: 'tb_admin_session=forged-token-value' },
        });
        expect(forged.statusCode, `${method} ${url} with a forged cookie`).toBe(401);
      }
    });

    it('answers 401 once the session has expired', async () => {
      const { app, db } = current();
      const cookie = await signIn(app);
      await db
        .updateTable('admin_sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      for (const [method, url] of adminEndpoints) {
        const response = await app.inject({ method: method as 'GET', url, headers: { cookie } });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
      const session = await app.inject({
        method: 'GET',
        url: '/api/admin/session',
        headers: { cookie },
      });
      expect(session.json()).toEqual({ authenticated: false, ended: 'expired' });
    });

    it('answers 401 after logout revoked the session, even when the cookie is replayed', async () => {
      const { app } = current();
      const cookie = await signIn(app);
      const logout = await app.inject({
        method: 'POST',
        url: '/api/admin/logout',
        headers: { cookie },
      });
      expect(logout.statusCode).toBe(200);
      expect(String(logout.headers['set-cookie'])).toMatch(
        /tb_admin_session=;.*Expires=Thu, 01 Jan 1970/,
      );
      for (const [method, url] of adminEndpoints) {
        const response = await app.inject({ method: method as 'GET', url, headers: { cookie } });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('answers 403 to a state-changing request from a foreign origin, even with a session', async () => {
      const { app } = current();
      const cookie = await signIn(app);
      const mutations = adminEndpoints.filter(([method]) => method !== 'GET');
      for (const [method, url] of mutations) {
        const foreign = await app.inject({
          method: method as 'POST',
          url,
          headers: { cookie, origin: 'https://evil.example' },
        });
        expect(foreign.statusCode, `${method} ${url}`).toBe(403);
        // Our own origin passes the check (the lead does not exist: 404; no address: 400).
        const own = await app.inject({
          method: method as 'POST',
          url,
          headers: { cookie, origin: 'http://localhost:80' },
        });
        const passed = url === '/api/admin/data-subject' ? 400 : 404;
        expect(own.statusCode, `${method} ${url} from our origin`).toBe(passed);
      }
      const login = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { password: ADMIN_TEST_PASSWORD },
        headers: { origin: 'https://evil.example' },
        remoteAddress: freshAddress(),
      });
      expect(login.statusCode).toBe(403);
    });

    it('throttles an address after 5 failures in 15 minutes, whatever X-Forwarded-For says', async () => {
      const { app, db } = current();
      const remoteAddress = freshAddress();
      const attempt = (password: string, forwardedFor?: string) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { password },
          remoteAddress,
          headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        });
      for (let i = 0; i < 5; i++) {
        expect((await attempt(`wrong-${i}`, `203.0.113.${i}`)).statusCode).toBe(401);
      }
      const blocked = await attempt(ADMIN_TEST_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(blocked.json().error).toBe(
        'Too many failed sign-in attempts. Try again in 15 minutes.',
      );
      // A forged X-Forwarded-For is not believed without TRUST_PROXY.
      expect((await attempt(ADMIN_TEST_PASSWORD, '198.51.100.7')).statusCode).toBe(429);
      // Another address is not affected.
      expect((await signIn(app)).length).toBeGreaterThan(0);

      // Once the window has passed, the address may try again.
      await db
        .updateTable('admin_login_attempts')
        .set({ window_started_at: new Date(Date.now() - 15 * 60 * 1000 - 1000).toISOString() })
        .execute();
      expect((await attempt(ADMIN_TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('accepts a session created by another server instance on the same database', async () => {
      const first = current();
      const cookie = await signIn(first.app);
      const second = await buildApp({ config: loadConfig(first.env), logger: false });
      try {
        const response = await second.inject({
          method: 'GET',
          url: '/api/candidate-submissions',
          headers: { cookie },
        });
        expect(response.statusCode).toBe(200);
        // And a logout through the second instance is seen by the first.
        await second.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
        const after = await first.app.inject({
          method: 'GET',
          url: '/api/candidate-submissions',
          headers: { cookie },
        });
        expect(after.statusCode).toBe(401);
      } finally {
        await second.close();
      }
    });
  },
  adminOptions,
);

for (const trustProxy of ['1', '127.0.0.1'])
  describeEachDatabase(
    `admin behind a trusted proxy (TRUST_PROXY=${trustProxy})`,
    (current) => {
      it('marks the cookie Secure over HTTPS and counts failures per forwarded client', async () => {
        const { app } = current();
        const login = await app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { password: ADMIN_TEST_PASSWORD },
          headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.1' },
        });
        expect(login.statusCode).toBe(200);
        expect(String(login.headers['set-cookie'])).toContain('Secure');

        const attempt = (client: string) =>
          app.inject({
            method: 'POST',
            url: '/api/admin/login',
            payload: { password: 'wrong password' },
            headers: { 'x-forwarded-for': client },
          });
        for (let i = 0; i < 5; i++) expect((await attempt('198.51.100.2')).statusCode).toBe(401);
        expect((await attempt('198.51.100.2')).statusCode).toBe(429);
        expect((await attempt('198.51.100.3')).statusCode).toBe(401);
      });
    },
    { env: { ...adminEnv, TRUST_PROXY: trustProxy } },
  );

describeEachDatabase(
  'admin of an https site',
  (current) => {
    it('marks the session cookie (and its clearing) Secure even over a plain-HTTP hop', async () => {
      const { app } = current();
      const login = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { password: ADMIN_TEST_PASSWORD },
        remoteAddress: freshAddress(),
      });
      expect(login.statusCode).toBe(200);
      const setCookie = String(login.headers['set-cookie']);
      expect(setCookie).toMatch(/^tb_admin_session=[\w-]{43};/);
      expect(setCookie).toMatch(/; Secure(;|$)/);
      const cookie = setCookie.split(';')[0] as string;
      const logout = await app.inject({
        method: 'POST',
        url: '/api/admin/logout',
        headers: { cookie },
      });
      expect(String(logout.headers['set-cookie'])).toMatch(/^tb_admin_session=;.*; Secure(;|$)/);
    });
  },
  { env: { ...adminEnv, SITE_URL: 'https://talent.example' } },
);

it('ignores X-Forwarded-Proto without TRUST_PROXY (no Secure cookie)', async () => {
  const testApp = await createTestApp('sqlite', adminOptions);
  try {
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: ADMIN_TEST_PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(login.statusCode).toBe(200);
    expect(String(login.headers['set-cookie'])).not.toContain('Secure');
  } finally {
    await testApp.close();
  }
});
