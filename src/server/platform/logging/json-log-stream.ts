import pino from 'pino';

/** Bytes of log lines gathered before one write (sonic-boom's minLength; below its maxWrite). */
export const LOG_BLOCK_BYTES = 4096;
/** The longest a line waits for its block to fill (sonic-boom's periodicFlush). */
export const LOG_FLUSH_MS = 1000;

/**
 * JSON log lines to `fd` in blocks of up to 4 KB, not one system call per line
 * (docs/decisions/010). A line waits at most LOG_FLUSH_MS; pino's exit hook flushes the rest, after
 * a crash too.
 */
export function jsonLogStream(fd = 1) {
  return pino.destination({
    dest: fd,
    sync: false,
    minLength: LOG_BLOCK_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
}
