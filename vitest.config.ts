import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['src/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts'],
      environment: 'node',
      // Starts a throw-away PostgreSQL for the API tests (or uses DATABASE_URL_TEST).
      globalSetup: ['tests/support/global-setup.ts'],
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  }),
);
