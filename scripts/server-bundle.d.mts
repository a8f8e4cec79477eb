// Types of what the tests use from server-bundle.mjs.

/** Bundles `entry` (src/server/main.ts) into `outfile`; `withPackages`: its packages too. */
export function bundleServer(
  outfile: string,
  entry?: string,
  options?: { withPackages?: boolean },
): Promise<void>;
