// `npm start`: reads .env when there is one, builds when the sources or the site identity
// changed, then runs the server.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { currentFingerprint, root, storedFingerprint } from './build-stamp.mjs';

// The settings of .env (cp .env.example .env); a variable already set in the shell wins.
const envFile = path.join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

if (currentFingerprint() !== storedFingerprint()) {
  console.log('[start] the build is missing or out of date: building first');
  const { build } = await import('./build.mjs');
  await build();
}
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');
