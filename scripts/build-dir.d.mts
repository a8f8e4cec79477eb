// Types of what the tests use from build-dir.mjs.

/** A new, empty build directory under `root`/dist-builds. */
export function newBuildDir(root: string): Promise<string>;
/** Makes `dir` the current build: `root`/dist, a link, points to it. */
export function switchBuild(root: string, dir: string): Promise<void>;
