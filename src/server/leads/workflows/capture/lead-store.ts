import { type LeadForm, leadForms } from '@shared/lead-vocabulary';
import { Counter, type Registry } from 'prom-client';
import { recordFormConversions } from '../../../conversions';
import { tablesOf } from '../../../platform/database/connection';
import type { WriteQueue } from '../../../platform/database/write-queue';
import { enqueueMessages } from '../../../platform/outbox/outbox';
import type { OutboxDestination, OutboxTables } from '../../../platform/outbox/outbox-tables';
import { LEAD_CREATED, LEAD_REQUESTED, leadCreatedPayload } from '../../records/lead-created';
import { verifiedContact } from '../../records/lead-contact';
import { saveLead, type TableStep } from '../../records/lead-saves';
import { leadTypeOf, type LeadRecordTables } from '../../records/lead-tables';
import type { LeadWriteEffects, SaveResult } from '../../records/upsert';
import type { PersonConfirmations } from '../messages/mail-allowance';
import { assignInTurn } from '../pipeline/lead-assignment';
import { leadClick, optedOut } from '../pipeline/status-events';
import { reopenWithdrawn } from '../people/person-writes';
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
    // A known lead's completing form (application, request) is news once, after its first step.
    const requested = !created && write.completed;
    if ((created || requested) && notices.length > 0) {
      const payload = leadCreatedPayload(write);
      await enqueueMessages(
        tablesOf<OutboxTables>(db),
        notices.map((destination) => ({
          destination,
          topic: created ? LEAD_CREATED : LEAD_REQUESTED,
          payload,
          subjectType: lead.type,
          subjectId: id,
        })),
        now,
      );
    }
    if (created) await confirmations?.write(db, lead, step.email, step.client?.ip, now);
    if (created && assignNew) await assignInTurn(db, table, id);
    // A proven form the person sent (not the embed's automatic completion): a stranger's form
    // cannot undo their withdrawal.
    if (verified && !created && step.form !== 'typeform-completed')
      await reopenWithdrawn(tablesOf(db), { table, id });
    if (conversions && verified && (created || !(await optedOut(db, table, id)))) {
      await recordFormConversions(
        db,
        {
          subject: lead,
          created,
          form: step.form,
          client: step.client,
          sourcePage: step.attribution?.page ?? null,
          click: () => leadClick(db, table, id),
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
    save: (lead: TableStep): Promise<SaveResult> =>
      queue.run((trx) => saveLead(trx, lead, effects)),
    quarantine: (entry: QuarantineEntry): Promise<SaveResult> =>
      queue.run((trx) => quarantineSubmission(trx, entry)),
  };
}

/** The lead store counting stored and quarantined forms into the metrics (decision 141). */
export function countedStore(store: LeadStore, registry: Registry): LeadStore {
  const counter = (name: string, help: string, labelNames = ['form']) =>
    new Counter({ name, help, labelNames, registers: [registry] });
  const stored = counter('leads_stored_total', 'Lead forms stored (not quarantined), by form');
  const quarantined = counter(
    'leads_quarantined_total',
    'Lead forms held in quarantine as suspect (decision 095), by form',
  );
  const quarantineReasons = counter(
    'leads_quarantine_reasons_total',
    'Reasons of the quarantined forms, by form (a form may have several)',
    ['form', 'reason'],
  );
  // Every form shows from the start (0), so a graph has a line before the first lead.
  for (const form of leadForms) {
    stored.labels(form).inc(0);
    quarantined.labels(form).inc(0);
  }
  const label = (form: LeadForm | undefined) => form ?? 'unknown';
  return {
    async save(lead) {
      const saved = await store.save(lead);
      stored.labels(label(lead.step.form)).inc();
      return saved;
    },
    async quarantine(entry) {
      const held = await store.quarantine(entry);
      quarantined.labels(label(entry.step.form)).inc();
      for (const reason of entry.reasons)
        quarantineReasons.labels(label(entry.step.form), reason).inc();
      return held;
    },
  };
}
