import { lowCostPasswordEnv } from './admin-password';

/** The admin password of the browser tests' server (playwright.config.ts); test-only. */
export const E2E_ADMIN_PASSWORD =
  process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password-for-tests-only';

/** ...configured as ADMIN_PASSWORD_HASH, at the API tests' low cost. */
export const E2E_ADMIN_ENV = lowCostPasswordEnv(E2E_ADMIN_PASSWORD);
