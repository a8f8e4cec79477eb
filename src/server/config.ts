import path from 'node:path';
import { z } from 'zod';
import { parseSiteConfig, type SiteConfig } from '../shared/site-config';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** When set, leads go to this PostgreSQL database instead of SQLite in DATA_DIR. */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built client lives; tests may point elsewhere. */
  CLIENT_DIR: z.string().min(1).default('./dist/client'),
});

export interface ServerConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; undefined means SQLite at dataDir/talent-bridge.sqlite. */
  databaseUrl: string | undefined;
  logLevel: string;
  clientDir: string;
  site: SiteConfig;
}

/**
 * Reads and validates the environment once at start-up. Throws a readable error naming
 * every bad variable, so a misconfigured server never starts half-working.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const blankToUndefined = Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value?.trim() ? value : undefined]),
  );
  const parsed = envSchema.safeParse(blankToUndefined);
  let site: SiteConfig | undefined;
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      problems.push(`${issue.path.join('.')}: ${issue.message}`);
  }
  try {
    site = parseSiteConfig(env);
  } catch (error) {
    if (error instanceof z.ZodError) {
      for (const issue of error.issues)
        problems.push(`site ${issue.path.join('.')}: ${issue.message}`);
    } else throw error;
  }
  if (problems.length > 0 || !parsed.success || !site) {
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    clientDir: path.resolve(values.CLIENT_DIR),
    site,
  };
}
