import { serveWriterThread, WriterThread } from '../platform/database/writer-thread';
import type { VisitTables } from './visit-tables';
import { writeHits, type Hit } from './visit-writes';

const ROLE = 'talent-bridge-visit-writer';

type VisitWrites = { write(hits: Hit[]): Promise<void> };

/**
 * On SQLite, the counted visits are written on a thread of their own (decision 144): a flush
 * of up to 2,000 visitors and its fsync took the main thread 10–20 ms, and every request waited.
 * Started by the first flush, so a server that counts no visit starts no thread.
 */
export class VisitWriterThread extends WriterThread<VisitWrites> {
  constructor(dataDir: string, onUnexpectedExit?: (error: Error) => void) {
    super({
      role: ROLE,
      entry: import.meta.url,
      dataDir,
      name: 'SQLite visit writer',
      onUnexpectedExit,
      // Hits are plain JSON data.
      json: true,
    });
  }

  write(hits: Hit[]): Promise<void> {
    return this.call('write', hits);
  }
}

// On the writer thread (this module started again), write through the group commit.
serveWriterThread<VisitTables>(ROLE, (queue) => ({
  write: (hits: Hit[]) => queue.run((trx) => writeHits(trx, hits)),
}));
