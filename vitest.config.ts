import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['src/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts'],
      environment: 'node',
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  }),
);
