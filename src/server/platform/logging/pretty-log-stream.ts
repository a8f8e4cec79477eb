import pretty from 'pino-pretty';

/** pino-pretty in-process (a transport's worker misses it in the bundle), synchronous. */
export function prettyLogStream(colorize: boolean) {
  return pretty({
    colorize,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    // One line per entry: a request's fields stay beside its message.
    singleLine: true,
  });
}
