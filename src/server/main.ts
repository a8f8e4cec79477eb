import { isMainThread } from 'node:worker_threads';
import { buildApp } from './app';
import { loadConfig } from './platform/config/config';

/** How long a shutdown may take before the process gives up waiting and exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 15_000;

/** Starts the production server and shuts it down gracefully on SIGTERM / SIGINT. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const app = await buildApp({ config });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A stuck connection must not keep a deploy waiting for ever.
    setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      // close() stops accepting connections, waits for requests in flight, then runs the
      // onClose hooks: the write queue is drained and the database closed last.
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}

// The bundle is also the SQLite writer thread's entry point (leads/lead-writer-thread.ts): only the
// main thread starts a server.
if (isMainThread) {
  main().catch((error: unknown) => {
    // Start-up failed (database unreachable, migration failed, port taken): say why, exit 1.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
