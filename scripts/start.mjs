// `npm start`: builds when the sources or the site identity changed, then runs the server.
import { currentFingerprint, storedFingerprint } from './build-stamp.mjs';

if (currentFingerprint() !== storedFingerprint()) {
  console.log('[start] the build is missing or out of date: building first');
  const { build } = await import('./build.mjs');
  await build();
}
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');
