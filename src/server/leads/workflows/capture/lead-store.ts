import { recordFormConversions } from '../../../conversions';
import { tablesOf } from '../../../platform/database/connection';
import type { WriteQueue } from '../../../platform/database/write-queue';
import { enqueueMessages } from '../../../platform/outbox/outbox';
import type { OutboxDestination, OutboxTables } from '../../../platform/outbox/outbox-tables';
import { LEAD_CREATED, leadCreatedPayload } from '../../records/lead-created';
import { verifiedContact } from '../../records/lead-contact';
import {
  saveCandidate,
  saveCompany,
  type CandidateStep,
  type CompanyStep,
} from '../../records/lead-saves';
import { leadTypeOf, type LeadRecordTables } from '../../records/lead-tables';
import type { LeadWriteEffects, SaveResult } from '../../records/upsert';
import type { PersonConfirmations } from '../messages/person-confirmations';
import { assignInTurn } from '../pipeline/lead-assignment';
import { quarantineSubmission, type QuarantineEntry } from '../quarantine/lead-quarantine';

export interface LeadEffectsOptions {
  /** Where each new lead is announced through the outbox ('meta': its conversions). */
  notify?: readonly OutboxDestination[];
  /** ASSIGN_NEW_LEADS=round-robin. */
  assignNew?: boolean;
  confirmations?: PersonConfirmations | undefined;
}

/** Besides the record: a new lead's notices, confirmation and assignee; proven conversions. */
export function leadWriteEffects({
  notify = [],
  assignNew = false,
  confirmations,
}: LeadEffectsOptions): LeadWriteEffects {
  const notices = notify.filter((destination) => destination !== 'meta');
  const conversions = notify.includes('meta');
  return async (db, write, step, now) => {
    const { table, id, created, verified } = write;
    const lead = { type: leadTypeOf(table), id };
    if (created && notices.length > 0) {
      const payload = leadCreatedPayload(table, id, step);
      await enqueueMessages(
        tablesOf<OutboxTables>(db),
        notices.map((destination) => ({
          destination,
          topic: LEAD_CREATED,
          payload,
          subjectType: lead.type,
          subjectId: id,
        })),
        now,
      );
    }
    if (created) await confirmations?.write(db, lead, step.email, step.client?.ip, now);
    if (created && assignNew) await assignInTurn(db, table, id);
    if (conversions && verified) {
      await recordFormConversions(
        db,
        {
          subject: lead,
          created,
          form: step.form,
          client: step.client,
          sourcePage: step.attribution?.page ?? null,
          fbclid: step.attribution?.fbclid ?? null,
          contact: () => verifiedContact(db, table, id),
        },
        now,
      );
    }
  };
}

/** The write side of leads: every write goes through the group commit. */
export type LeadStore = ReturnType<typeof createLeadStore>;

export function createLeadStore(
  queue: WriteQueue<LeadRecordTables>,
  options: LeadEffectsOptions = {},
) {
  const effects = leadWriteEffects(options);
  return {
    saveCandidate: (step: CandidateStep): Promise<SaveResult> =>
      queue.run((trx) => saveCandidate(trx, step, effects)),
    saveCompany: (step: CompanyStep): Promise<SaveResult> =>
      queue.run((trx) => saveCompany(trx, step, effects)),
    quarantine: (entry: QuarantineEntry): Promise<SaveResult> =>
      queue.run((trx) => quarantineSubmission(trx, entry)),
  };
}
