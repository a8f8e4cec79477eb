import pretty from 'pino-pretty';

/**
 * pino-pretty as an in-process stream to stdout, not a pino transport: a transport's worker
 * thread would have to find pino-pretty from the esbuild bundle (dist/server/main.js), and a
 * person's terminal is no place where the prettifying cost matters. Synchronous, so the last
 * lines before an exit are not lost. Colours when stdout is a TTY.
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
