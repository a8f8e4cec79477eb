import { scryptSync } from 'node:crypto';

/**
 * An operator's ADMIN_PASSWORD_HASH for `password` at a low cost (N = 2^10): the server checks a
 * hash at its own cost, and the hundreds of sign-ins of the API and browser tests at 2^17 (most
 * of a second of CPU each here) would add minutes to the suite. The cost of new hashes is tested
 * in admin-login-hardening.
 */
export function lowCostPasswordEnv(password: string) {
  const [N, r, p] = [2 ** 10, 8, 1];
  const salt = Buffer.from('talent-bridge-tests');
  const key = scryptSync(password, salt, 64, { N, r, p });
  return {
    ADMIN_PASSWORD_HASH: `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`,
  };
}

/** The admin password the API tests sign in with. */
export const ADMIN_TEST_PASSWORD = 'test-admin-password-1234';
/** ...configured as ADMIN_PASSWORD_HASH (see lowCostPasswordEnv). */
export const adminEnv = lowCostPasswordEnv(ADMIN_TEST_PASSWORD);
