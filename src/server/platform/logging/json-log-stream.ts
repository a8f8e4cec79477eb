import pino from 'pino';

/** Bytes of log lines gathered before one write (sonic-boom's minLength; below its maxWrite). */
export const LOG_BLOCK_BYTES = 4096;
/** The longest a line waits for its block to fill (sonic-boom's periodicFlush). */
export const LOG_FLUSH_MS = 1000;

/**
 * JSON log lines to `fd` (stdout), written in blocks of up to 4 KB instead of one write per
 * line (docs/decisions/144): every request logs two lines, and whenever the event loop is not
 * saturated each line was a system call of its own. A line waits at most LOG_FLUSH_MS; pino's
 * exit hook writes what is left when the process exits, after a crash too.
 */
export function jsonLogStream(fd = 1) {
  return pino.destination({
    dest: fd,
    sync: false,
    minLength: LOG_BLOCK_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
}
