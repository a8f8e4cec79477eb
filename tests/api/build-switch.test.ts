import {
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  readlink,
  realpath,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { newBuildDir, switchBuild } from '../../scripts/build-dir.mjs';

/**
 * `npm run build` writes to a new directory and switches `dist` to it in whole (issue 20): a
 * server running from the previous build keeps every file of it. Here on a checkout of its
 * own, with the real functions scripts/build.mjs calls, and a "server" that holds the real
 * path of `dist` as src/server/site does at start-up.
 */

const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

async function checkout(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'tb-build-switch-'));
  roots.push(root);
  return root;
}

/** A complete build saying `name`, switched in as scripts/build.mjs does. */
async function build(root: string, name: string): Promise<string> {
  const dir = await newBuildDir(root);
  await mkdir(path.join(dir, 'shells'));
  await writeFile(path.join(dir, 'shells', 'apply.html'), name);
  await switchBuild(root, dir);
  return realpath(dir);
}

const shellIn = (dir: string) => readFile(path.join(dir, 'shells', 'apply.html'), 'utf8');

it('switches dist to each new build in whole, keeping the one a server may still read', async () => {
  const root = await checkout();
  const dist = path.join(root, 'dist');

  const first = await build(root, 'first');
  expect((await lstat(dist)).isSymbolicLink()).toBe(true);
  expect(await shellIn(dist)).toBe('first');
  // A server starts: it resolves dist once.
  const serving = await realpath(dist);
  expect(serving).toBe(first);

  const second = await build(root, 'second');
  expect(await realpath(dist)).toBe(second);
  expect(await shellIn(dist)).toBe('second');
  // The running server's build is whole.
  expect(await shellIn(serving)).toBe('first');

  // One more build: the previous one (second) stays, older ones go.
  const third = await build(root, 'third');
  expect(await shellIn(dist)).toBe('third');
  expect(await shellIn(second)).toBe('second');
  const builds = await readdir(path.join(root, 'dist-builds'));
  expect(builds.sort()).toEqual([path.basename(second), path.basename(third)]);
  // The link is relative: the checkout can move.
  expect(await readlink(dist)).toBe(path.join('dist-builds', path.basename(third)));
  // No temporary link is left behind.
  expect((await readdir(root)).sort()).toEqual(['dist', 'dist-builds']);
});

it('keeps a build another build is still writing', async () => {
  const root = await checkout();
  const first = await build(root, 'first');
  // Started before the next build, still being written when that one is switched in.
  const writing = await newBuildDir(root);
  await writeFile(path.join(writing, 'half'), '');
  await build(root, 'second');
  expect(await readdir(writing)).toEqual(['half']);
  expect(await shellIn(first)).toBe('first');
});

it('turns a dist directory of an earlier checkout into the previous build', async () => {
  const root = await checkout();
  const dist = path.join(root, 'dist');
  await mkdir(path.join(dist, 'shells'), { recursive: true });
  await writeFile(path.join(dist, 'shells', 'apply.html'), 'in place');

  await build(root, 'new');
  expect(await shellIn(dist)).toBe('new');
  const builds = await readdir(path.join(root, 'dist-builds'));
  expect(builds).toHaveLength(2);
  const earlier = builds.find((name) => name.endsWith('-earlier'));
  expect(earlier).toBeDefined();
  expect(await shellIn(path.join(root, 'dist-builds', earlier as string))).toBe('in place');
});

it('lets another user read the build: the service runs as its own user, the build as root', async () => {
  // docs/deploy.md builds as root and runs `talent-bridge@.service` as `talent-bridge`.
  const root = await checkout();
  const dir = await newBuildDir(root);
  // Read and enter for others (the files inside follow the umask, 0644 by default).
  expect((await stat(dir)).mode & 0o005).toBe(0o005);
});
