import { scryptSync } from 'node:crypto';

/** A hash in the server's format (`scrypt$N$r$p$<salt>$<key>`) of `password` at cost `N`. */
export function scryptHash(password: string, N: number, salt: Buffer): string {
  const key = scryptSync(password, salt, 64, { N, r: 8, p: 1 });
  return `scrypt$${N}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * An operator's ADMIN_PASSWORD_HASH for `password` at a low cost (N = 2^10): the server checks a
 * hash at its own cost, and the hundreds of sign-ins of the API and browser tests at 2^17 (most
 * of a second of CPU each here) would add minutes to the suite. The cost of new hashes is tested
 * in admin-login-hardening.
 */
export const lowCostPasswordEnv = (password: string) => ({
  ADMIN_PASSWORD_HASH: scryptHash(password, 2 ** 10, Buffer.from('talent-bridge-tests')),
});

/** The admin password the API tests sign in with. */
export const ADMIN_TEST_PASSWORD = 'test-admin-password-1234';
/** ...configured as ADMIN_PASSWORD_HASH (see lowCostPasswordEnv). */
export const adminEnv = lowCostPasswordEnv(ADMIN_TEST_PASSWORD);
