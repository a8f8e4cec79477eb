// The server as one ES module: the production build's dist/server/main.js, and the API tests'
// child servers (compiled once per run instead of once per process through tsx).
import path from 'node:path';
import { build as esbuild } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** Bundles src/server/main.ts into `outfile` (its packages stay in node_modules). */
export async function bundleServer(outfile) {
  await esbuild({
    entryPoints: [path.join(root, 'src/server/main.ts')],
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
