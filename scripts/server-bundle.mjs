// The server (or one of its scripts) as one ES module: the production build's
// dist/server/main.js, and the API tests' child processes (compiled once per run instead of once
// per process through tsx).
import path from 'node:path';
import { build as esbuild } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Bundles `entry` (src/server/main.ts) into `outfile`; its packages stay in node_modules, unless
 * `withPackages` (the API tests' child processes: dozens of starts, each spending a second of CPU
 * loading hundreds of package files). The native and logging packages stay out even then.
 */
export async function bundleServer(
  outfile,
  entry = 'src/server/main.ts',
  { withPackages = false } = {},
) {
  await esbuild({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    ...(withPackages
      ? {
          external: ['better-sqlite3', 'pg-native', 'pino', 'pino-pretty'],
          // The CommonJS packages' require() calls, in an ES module.
          banner: {
            js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
          },
        }
      : { packages: 'external' }),
    sourcemap: true,
    logLevel: 'warning',
  });
}
