// Types of what TypeScript scripts (bench-cluster.ts) use from bench-server.mjs.

/** The part of autocannon's result the scripts read. */
export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface BenchServer {
  port: number;
  baseUrl: string;
  cpuMs(): number;
  rssBytes(): number;
  stop(): Promise<void>;
}

export function ensureBuild(log: (message: string) => void): Promise<void>;
export function makeDataDir(prefix: string): Promise<string>;
export function removeDataDir(dir: string): Promise<void>;
export function startServer(options: {
  dataDir: string;
  env?: Record<string, string>;
  inheritEnv?: boolean;
  logs?: 'inherit' | 'drain';
  timeoutMs?: number;
}): Promise<BenchServer>;
export function leadPosts(
  baseUrl: string,
  options: {
    prefix: string;
    duration: number;
    connections: number;
    rate?: number;
    onAcknowledged?: (email: string) => void;
    tlsOptions?: { ca: string };
  },
): { result: Promise<LoadResult>; stop(): void };
