// Where a build goes. Each build is written to a directory of its own under dist-builds/, and
// `dist` is a symbolic link to the current one, switched in whole once the build is complete:
// a server already running keeps reading the build it started with (src/server/site resolves
// the link once at start-up), never a directory half emptied or half written.
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  realpath,
  rename,
  rm,
  symlink,
} from 'node:fs/promises';
import path from 'node:path';

const BUILDS = 'dist-builds';
/** The link to the current build and the folder of builds, in the checkout `root`. */
const linkOf = (root) => path.join(root, 'dist');
const buildsOf = (root) => path.join(root, BUILDS);

/** The time in milliseconds, to the microsecond: names made one after the other sort so. */
const now = () => (performance.timeOrigin + performance.now()).toFixed(3);

/** A new, empty build directory. Its name starts with the time: older builds sort first. */
export async function newBuildDir(root) {
  await mkdir(buildsOf(root), { recursive: true });
  const dir = await mkdtemp(path.join(buildsOf(root), `${now()}-`));
  // mkdtemp makes it 0700: the service's user (docs/deploy.md) could not read a build root made.
  await chmod(dir, 0o755);
  return dir;
}

/** The build `dist` points to now (a real path), if any. */
async function currentBuild(root) {
  const link = linkOf(root);
  const stats = await lstat(link).catch(() => undefined);
  if (!stats) return undefined;
  if (stats.isSymbolicLink()) return realpath(link).catch(() => undefined);
  // A checkout built before builds had their own directories: `dist` itself becomes a build.
  const moved = path.join(buildsOf(root), `${now()}-earlier`);
  await rename(link, moved);
  return realpath(moved);
}

/**
 * Makes `dir` the current build: a new link renamed over `dist` (rename(2) replaces it in one
 * step). The previous build stays, since a server started from it may still be running, and
 * so do builds newer than it (another build may be writing one); older ones are removed.
 */
export async function switchBuild(root, dir) {
  const link = linkOf(root);
  const builds = await realpath(buildsOf(root));
  const current = await realpath(dir);
  const previous = await currentBuild(root);
  const next = `${link}.next-${process.pid}`;
  await rm(next, { force: true });
  await symlink(path.join(BUILDS, path.basename(current)), next);
  await rename(next, link);
  if (!previous) return;
  for (const name of await readdir(builds)) {
    const build = path.join(builds, name);
    if (build !== current && build !== previous && name < path.basename(previous)) {
      await rm(build, { recursive: true, force: true });
    }
  }
}
