// What a build depends on: the source files and the build-time site identity. `npm start`
// rebuilds when this fingerprint differs from the one stored with the last build.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const STAMP_FILE_NAME = 'build-stamp.json';
/** The current build's stamp (`dist` is a link to it: build-dir.mjs). */
export const stampFile = path.join(root, 'dist', STAMP_FILE_NAME);

const INPUTS = [
  'src',
  'public',
  'scripts',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
];
const SITE_ENV = ['BRAND_NAME', 'SITE_URL', 'CONTACT_EMAIL', 'SUPPORT_EMAIL'];

function walk(entry, hash) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const child of readdirSync(full).sort()) walk(path.join(entry, child), hash);
  } else {
    hash.update(entry).update('\0').update(readFileSync(full)).update('\0');
  }
}

export function currentFingerprint() {
  const hash = createHash('sha256');
  for (const entry of INPUTS) walk(entry, hash);
  for (const name of SITE_ENV) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('hex');
}

export function storedFingerprint() {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8')).fingerprint;
  } catch {
    return undefined;
  }
}
