// Types of what the tests use from server-bundle.mjs.

/** Bundles `entry` (src/server/main.ts) into `outfile`; its packages stay in node_modules. */
export function bundleServer(outfile: string, entry?: string): Promise<void>;
