import { serveWriterThread, WriterThread } from '../../platform/database/writer-thread';
import type { LeadRecordTables } from './lead-tables';
import type { OutboxDestination } from '../../platform/outbox/outbox-tables';
import { createLeadStore, type LeadStore } from './lead-store';
import type { CandidateStep } from './save-candidate';
import type { CompanyStep } from './save-company';
import type { QuarantineEntry } from '../quarantine/quarantine-writes';

const ROLE = 'talent-bridge-lead-writer';

type LeadWrites = { [Op in keyof LeadStore]: LeadStore[Op] };

/**
 * On SQLite, lead writes run on a writer thread of their own (platform/database/writer-thread.ts),
 * so the fsync of each group commit never blocks the event loop.
 */
export class LeadWriterThread extends WriterThread<LeadWrites> implements LeadStore {
  constructor(
    dataDir: string,
    onUnexpectedExit?: (error: Error) => void,
    notify: readonly OutboxDestination[] = [],
    limit?: number,
  ) {
    super({
      role: ROLE,
      entry: import.meta.url,
      dataDir,
      onUnexpectedExit,
      settings: { notify },
      limit,
      // Steps and their results are plain JSON data.
      json: true,
    });
  }

  saveCandidate(step: CandidateStep) {
    return this.call('saveCandidate', step);
  }

  saveCompany(step: CompanyStep) {
    return this.call('saveCompany', step);
  }

  quarantine(entry: QuarantineEntry) {
    return this.call('quarantine', entry);
  }

  releaseQuarantined(id: number) {
    return this.call('releaseQuarantined', id);
  }
}

// On the writer thread (this module started again), run the same lead store's writes.
serveWriterThread<LeadRecordTables>(ROLE, (queue, settings) => {
  const { notify = [] } = (settings ?? {}) as { notify?: readonly OutboxDestination[] };
  const store = createLeadStore(queue, notify);
  return {
    saveCandidate: store.saveCandidate,
    saveCompany: store.saveCompany,
    quarantine: store.quarantine,
    releaseQuarantined: store.releaseQuarantined,
  };
});
