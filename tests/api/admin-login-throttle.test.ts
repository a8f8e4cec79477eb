import * as crypto from 'node:crypto';
import type * as NodeCrypto from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { ADMIN_TEST_PASSWORD, adminOptions, freshAddress, signIn } from '../support/admin';
import { describeEachDatabase } from '../support/test-app';

// Node's scrypt, observed (not replaced) so a test can tell how many passwords were checked. Test
// files share a worker's modules (isolate: false): the server's are loaded afresh to see the mock.
vi.hoisted(() => vi.resetModules());
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof NodeCrypto>();
  return { ...actual, scrypt: vi.fn(actual.scrypt) };
});
const scryptCalls = () => vi.mocked(crypto.scrypt).mock.calls.length;

afterEach(() => {
  vi.mocked(crypto.scrypt).mockClear();
});

describeEachDatabase(
  'admin login throttle',
  (current) => {
    it('answers a burst of 100 concurrent wrong passwords with at most 5 401s, even across two instances', async () => {
      const first = current();
      const second = await buildApp({ config: loadConfig(first.env), logger: false });
      try {
        await second.ready();
        const remoteAddress = freshAddress();
        vi.mocked(crypto.scrypt).mockClear();
        const responses = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            (i % 2 ? first.app : second).inject({
              method: 'POST',
              url: '/api/admin/login',
              payload: { password: `wrong-${i}` },
              remoteAddress,
            }),
          ),
        );
        const codes = responses.map((response) => response.statusCode);
        const refused = responses.filter((response) => response.statusCode === 401);
        const throttled = responses.filter((response) => response.statusCode === 429);
        expect(refused.length).toBeGreaterThan(0);
        expect(refused.length).toBeLessThanOrEqual(5);
        expect(refused.length + throttled.length, codes.join(',')).toBe(100);
        for (const response of throttled) {
          const retryAfter = Number(response.headers['retry-after']);
          expect(retryAfter).toBeGreaterThan(14 * 60);
          expect(retryAfter).toBeLessThanOrEqual(15 * 60);
          expect(response.json()).toEqual({
            error: 'Too many failed sign-in attempts. Try again in 15 minutes.',
            retryAfterSeconds: retryAfter,
          });
        }
        // Only the attempts that got an answer about the password cost a scrypt.
        expect(scryptCalls()).toBe(refused.length);

        // The right password from that address is refused too, still without a scrypt.
        const late = await first.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { password: ADMIN_TEST_PASSWORD },
          remoteAddress,
        });
        expect(late.statusCode).toBe(429);
        expect(scryptCalls()).toBe(refused.length);
      } finally {
        await second.close();
      }
    });

    it('signs in within the limit, and a success clears the count', async () => {
      const { app } = current();
      const remoteAddress = freshAddress();
      const attempt = (password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { password },
          remoteAddress,
        });
      for (let i = 0; i < 4; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(401);
      // The fifth attempt is still within the limit.
      expect((await signIn(app, ADMIN_TEST_PASSWORD, remoteAddress)).length).toBeGreaterThan(0);
      // The success started a fresh count: five more attempts are allowed, the sixth is not.
      for (let i = 0; i < 5; i++) expect((await attempt(`again-${i}`)).statusCode).toBe(401);
      expect((await attempt(ADMIN_TEST_PASSWORD)).statusCode).toBe(429);
    });

    it('forgets addresses whose window has passed once someone gets a wrong password', async () => {
      const { app, db } = current();
      const stale = freshAddress();
      const wrong = (remoteAddress: string) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { password: 'wrong password' },
          remoteAddress,
        });
      expect((await wrong(stale)).statusCode).toBe(401);
      const before = await db.selectFrom('admin_login_attempts').select('client_key').execute();
      await db
        .updateTable('admin_login_attempts')
        .set({ window_started_at: new Date(Date.now() - 15 * 60 * 1000 - 1000).toISOString() })
        .execute();
      expect((await wrong(freshAddress())).statusCode).toBe(401);
      const after = await db.selectFrom('admin_login_attempts').select('client_key').execute();
      expect(before.length).toBeGreaterThan(0);
      // Only the address that just failed is left; every key is a hash, never the address.
      expect(after).toHaveLength(1);
      expect(after[0]?.client_key).toMatch(/^[0-9a-f]{64}$/);
    });
  },
  adminOptions,
);
