import pino from 'pino';
import pretty from 'pino-pretty';

/** LOG_FORMAT: `auto` picks by the terminal; `pretty` and `json` force one. */
export const LOG_FORMAT_SETTINGS = ['auto', 'pretty', 'json'] as const;
export type LogFormatSetting = (typeof LOG_FORMAT_SETTINGS)[number];
export type LogFormat = 'pretty' | 'json';

/** Readable lines on a terminal (stdout is a TTY), JSON anywhere else. */
export function chooseLogFormat(setting: LogFormatSetting, stdoutIsTty: boolean): LogFormat {
  if (setting !== 'auto') return setting;
  return stdoutIsTty ? 'pretty' : 'json';
}

/** Bytes of log lines gathered before one write (sonic-boom's minLength; below its maxWrite). */
export const LOG_BLOCK_BYTES = 4096;
/** The longest a line waits for its block to fill (sonic-boom's periodicFlush). */
export const LOG_FLUSH_MS = 1000;

/** JSON lines to `fd` in blocks of 4 KB, not a write per line. */
export function jsonLogStream(fd = 1) {
  return pino.destination({
    dest: fd,
    sync: false,
    minLength: LOG_BLOCK_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
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
