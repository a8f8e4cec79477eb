import pretty from 'pino-pretty';

/**
 * pino-pretty in-process, not as a transport (whose worker could not find it from the esbuild
 * bundle). Synchronous, so the last lines before an exit are kept; colours on a TTY.
 */
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
