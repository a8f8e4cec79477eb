import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { GENERATED_HASH_FILE, GENERATED_PASSWORD_FILE } from './admin/auth/password-source';
import { buildApp } from './app';
import { loadConfig } from './config/config';
import {
  listenRefusal,
  localUrl,
  startBanner,
  startFields,
  type StartFacts,
} from './config/start-banner';
import {
  chooseLogFormat,
  flushBeforeExit,
  jsonLogStream,
  prettyLogStream,
} from './platform/logging/log-format';

/** How long a shutdown may take before the process gives up waiting and exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 15_000;
/** Of that, what the last log lines may take (a reader of stdout may be gone or stalled). */
const LAST_LOG_MS = 1000;

/** Starts the production server and shuts it down gracefully on SIGTERM / SIGINT. */
async function main() {
  // Every file the server creates (database, WAL, backups, mail files) is its user's alone.
  process.umask(0o077);
  const config = loadConfig();
  // Readable lines and a banner for a person at a terminal, JSON for anything else.
  const pretty = chooseLogFormat(config.logFormat, Boolean(process.stdout.isTTY)) === 'pretty';
  const hashFile = path.join(config.dataDir, GENERATED_HASH_FILE);
  const passwordFileExisted = existsSync(hashFile);
  const passwordFile = path.join(config.dataDir, GENERATED_PASSWORD_FILE);
  const jsonLines = pretty ? undefined : jsonLogStream();
  const app = await buildApp({
    config,
    logger: { stream: jsonLines ?? prettyLogStream(Boolean(process.stdout.isTTY)) },
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const exit = async (code: number) => {
      if (jsonLines) await flushBeforeExit(jsonLines, LAST_LOG_MS);
      process.exit(code);
    };
    // A stuck connection must not keep a deploy waiting for ever.
    setTimeout(() => {
      app.log.error('shutdown timed out');
      void exit(1);
    }, SHUTDOWN_TIMEOUT_MS - LAST_LOG_MS).unref();
    try {
      // Requests in flight finish, then onClose: the write queue drains, the database closes last.
      await app.close();
      await exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      await exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
    throw listenRefusal(error, config.host, config.port);
  });
  const { port } = app.server.address() as AddressInfo;
  const facts: StartFacts = {
    url: localUrl(config.host, port),
    admin: {
      hashFile,
      generatedNow: !passwordFileExisted && existsSync(hashFile),
      passwordFile: existsSync(passwordFile) ? passwordFile : undefined,
    },
  };
  // Whatever LOG_LEVEL is, as the banner: the one line that says the server is up, and where.
  if (pretty) process.stdout.write(startBanner(config, facts));
  else app.log.child({}, { level: 'info' }).info(startFields(config, facts), 'ready');
  // The start-up lines now, not a second later: whatever watches the log sees them at once.
  jsonLines?.flush();
}

main().catch((error: unknown) => {
  // Start-up failed (bad settings, database unreachable, port taken...): say why, exit 1.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
