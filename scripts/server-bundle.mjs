// The server (or one of its scripts) as one ES module: the production build's
// dist/server/main.js, and the API tests' child processes (compiled once per run instead of once
// per process through tsx).
import path from 'node:path';
import { build as esbuild } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** Bundles `entry` (src/server/main.ts) into `outfile`; its packages stay in node_modules. */
export async function bundleServer(outfile, entry = 'src/server/main.ts') {
  await esbuild({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}
