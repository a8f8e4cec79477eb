import pino from 'pino';
import pretty from 'pino-pretty';

/** LOG_FORMAT: `auto` picks by the terminal; `pretty` and `json` force one. */
export const LOG_FORMAT_SETTINGS = ['auto', 'pretty', 'json'] as const;

/** Readable lines on a terminal (stdout is a TTY), JSON anywhere else. */
export function chooseLogFormat(
  setting: (typeof LOG_FORMAT_SETTINGS)[number],
  stdoutIsTty: boolean,
): 'pretty' | 'json' {
  if (setting !== 'auto') return setting;
  return stdoutIsTty ? 'pretty' : 'json';
}

/** JSON lines to stdout in blocks of 4 KB (below sonic-boom's maxWrite), at most a second late. */
export function jsonLogStream() {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
}

/**
 * Writes what `stream` holds on the event loop, for at most `ms`, then never again: at exit
 * sonic-boom retries a failed write for ever, so stdout's reader gone (EPIPE) would hold it.
 */
export async function flushBeforeExit(stream: ReturnType<typeof jsonLogStream>, ms: number) {
  await new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
    stream.flush(() => resolve());
  });
  stream.flushSync = () => undefined;
}

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
