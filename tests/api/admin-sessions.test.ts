import { expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { ADMIN_TEST_PASSWORD, adminOptions, adminPasswordOptions, signIn } from '../support/admin';
import { describeEachDatabase, type TestApp } from '../support/test-app';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const list = (app: TestApp['app'], cookie: string) =>
  app.inject({ method: 'GET', url: '/api/candidate-submissions', headers: { cookie } });

/** The stored row of the session whose cookie was signed in last. */
async function lastSession(db: TestApp['db']) {
  return db
    .selectFrom('admin_sessions')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

describeEachDatabase(
  'admin session limits',
  (current) => {
    it('ends a session after 30 minutes without a request, and a request keeps it going', async () => {
      const { app, db } = current();
      const cookie = await signIn(app);
      const { id } = await lastSession(db);
      // Used 29 minutes ago: still on, and this request counts as a new use.
      await db
        .updateTable('admin_sessions')
        .set({ last_seen_at: minutesAgo(29) })
        .where('id', '=', id)
        .execute();
      expect((await list(app, cookie)).statusCode).toBe(200);
      const touched = await lastSession(db);
      expect(Date.now() - new Date(touched.last_seen_at ?? 0).getTime()).toBeLessThan(10_000);
      // A request within the minute does not write the row again.
      expect((await list(app, cookie)).statusCode).toBe(200);
      expect((await lastSession(db)).last_seen_at).toBe(touched.last_seen_at);

      await db
        .updateTable('admin_sessions')
        .set({ last_seen_at: minutesAgo(31) })
        .where('id', '=', id)
        .execute();
      expect((await list(app, cookie)).statusCode).toBe(401);
      const session = await app.inject({
        method: 'GET',
        url: '/api/admin/session',
        headers: { cookie },
      });
      expect(session.json()).toEqual({ authenticated: false, ended: 'expired' });
    });

    it('ends a session 12 hours after sign-in, however busy it is', async () => {
      const { app, db } = current();
      const cookie = await signIn(app);
      const { id } = await lastSession(db);
      await db
        .updateTable('admin_sessions')
        .set({ created_at: minutesAgo(12 * 60 + 1), expires_at: minutesAgo(1) })
        .where('id', '=', id)
        .execute();
      // Used a moment ago, yet past the absolute limit.
      expect((await lastSession(db)).last_seen_at).not.toBeNull();
      const refused = await list(app, cookie);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ error: 'Sign in required', ended: 'expired' });
    });

    it('signs out everywhere else and keeps the caller signed in', async () => {
      const { app } = current();
      const caller = await signIn(app);
      const others = [await signIn(app), await signIn(app)];
      const anonymous = await app.inject({ method: 'POST', url: '/api/admin/sign-out-everywhere' });
      expect(anonymous.statusCode).toBe(401);
      const foreign = await app.inject({
        method: 'POST',
        url: '/api/admin/sign-out-everywhere',
        headers: { cookie: caller, origin: 'https://evil.example' },
      });
      expect(foreign.statusCode).toBe(403);

      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/sign-out-everywhere',
        headers: { cookie: caller },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().ended).toBeGreaterThanOrEqual(others.length);
      expect((await list(app, caller)).statusCode).toBe(200);
      // Each other browser is told why at its next request.
      for (const other of others) {
        const refused = await list(app, other);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({ error: 'Sign in required', ended: 'ended' });
      }

      const again = await app.inject({
        method: 'POST',
        url: '/api/admin/sign-out-everywhere',
        headers: { cookie: caller },
      });
      expect(again.json()).toEqual({ ended: 0 });
    });
  },
  adminOptions,
);

// ADMIN_PASSWORD itself: its kept hash binds the sessions.
describeEachDatabase(
  'admin sessions under ADMIN_PASSWORD',
  (current) => {
    it('ends every session when the admin password changes', async () => {
      const first = current();
      const cookie = await signIn(first.app);
      expect((await list(first.app, cookie)).statusCode).toBe(200);

      // A restart with the same password keeps the session (same kept hash).
      const same = await buildApp({ config: loadConfig(first.env), logger: false });
      try {
        expect((await list(same, cookie)).statusCode).toBe(200);
      } finally {
        await same.close();
      }

      const newPassword = 'a-new-admin-password-5678';
      const changed = await buildApp({
        config: loadConfig({ ...first.env, ADMIN_PASSWORD: newPassword }),
        logger: false,
      });
      try {
        expect((await list(changed, cookie)).statusCode).toBe(401);
        const fresh = await signIn(changed, newPassword);
        expect((await list(changed, fresh)).statusCode).toBe(200);
        // Back to the old password: the sessions of either password stay ended.
        const back = await buildApp({
          config: loadConfig({ ...first.env, ADMIN_PASSWORD: ADMIN_TEST_PASSWORD }),
          logger: false,
        });
        try {
          expect((await list(back, cookie)).statusCode).toBe(401);
          expect((await list(back, fresh)).statusCode).toBe(401);
        } finally {
          await back.close();
        }
      } finally {
        await changed.close();
      }
      // Four starts and sign-ins at the real cost (N = 2^17), about a second of CPU each.
    }, 60_000);
  },
  adminPasswordOptions,
);
