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
      setupFiles: ['tests/support/after-each-file.ts'],
      // API test files spend much of their time waiting: on PostgreSQL, a child server, SMTP or
      // a worker's poll. Twice the cores run side by side (measured on 2 cores: 250 s against
      // 346 s with two at a time); each file has its own databases and ports.
      maxWorkers: Math.max(4, availableParallelism() * 2),
      // Test files share their worker's modules: loading the server's code afresh for every file
      // cost most of the suite's time (measured: 354 s isolated, 211 s shared). Each test builds
      // its own app, databases and ports; a file that mocks a module resets modules first.
      isolate: false,
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  }),
);
