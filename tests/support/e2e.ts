import { scryptSync } from 'node:crypto';

/** The admin password of the browser tests' server (playwright.config.ts); test-only. */
export const E2E_ADMIN_PASSWORD =
  process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password-for-tests-only';

/**
 * The browser tests' servers get that password as an operator's ADMIN_PASSWORD_HASH of the old
 * cost (N = 2^14), as the API tests do (admin-password.ts): the server checks a hash at its own
 * cost, and each sign-in at 2^17 takes most of a second of CPU here. The sign-in form is the same.
 */
export const E2E_ADMIN_ENV = {
  ADMIN_PASSWORD_HASH: ((N, r, p) => {
    const salt = Buffer.from('talent-bridge-e2e');
    const key = scryptSync(E2E_ADMIN_PASSWORD, salt, 64, { N, r, p });
    return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
  })(2 ** 14, 8, 1),
};
