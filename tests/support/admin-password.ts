/** The admin password the API tests sign in with. */
export const ADMIN_TEST_PASSWORD = 'test-admin-password-1234';
/**
 * ...configured as an operator's ADMIN_PASSWORD_HASH of the old cost (N = 2^14): the server
 * checks a hash at its own cost, and hundreds of sign-ins at 2^17 (about 1 s of CPU each here)
 * would add minutes to the suite. The cost of new hashes is tested in admin-login-hardening.
 */
export const adminEnv = {
  ADMIN_PASSWORD_HASH:
    'scrypt$16384$8$1$dGFsZW50LWJyaWRnZS10ZXN0cw==$B9V2uG/JcOsmXLOAbx5IJRXhjEwg6SlPuS73fvGLdk2TQGhTBf8v8PC1fES9MO1tn9Qosl/rjdEkUbGJm5nleA==',
};
