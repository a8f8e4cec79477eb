import { availableParallelism } from 'node:os';
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
      // Vitest's default on 2 CPUs is one file at a time, which leaves a core idle while a file
      // waits on PostgreSQL, a child server or a background worker's poll. Each file has its
      // own databases and ports, so at least two run side by side.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  }),
);
