import { createServer } from 'node:net';

/**
 * Ports are picked below Linux's ephemeral range (32768–60999, ip_local_port_range): a port
 * from `listen(0)` is in that range, and so is the local port of every outgoing connection, so
 * between the pick and the server's own bind any fetch could take it (EADDRINUSE, seen in CI).
 * Nothing the system hands out automatically lands below 32768.
 */
const LOWEST = 20_000;
const COUNT = 32_768 - LOWEST;
const handedOut = new Set<number>();

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A port of 127.0.0.1 that is free now and that this process has not handed out before. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = LOWEST + Math.floor(Math.random() * COUNT);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await bindable(port)) return port;
  }
}
