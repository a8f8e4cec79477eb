import { type LeadForm, leadForms } from '@shared/lead-vocabulary';
import { Counter, type Registry } from 'prom-client';
import type { LeadStore } from '../capture/lead-store';
import type { SaveResult } from '../../records/upsert';

/** The lead store counting stored and quarantined forms into the metrics (decision 141). */
export function countedStore(store: LeadStore, registry: Registry): LeadStore {
  const registers = [registry];
  const stored = new Counter({
    name: 'leads_stored_total',
    help: 'Lead forms stored (not quarantined), by form',
    labelNames: ['form'],
    registers,
  });
  const quarantined = new Counter({
    name: 'leads_quarantined_total',
    help: 'Lead forms held in quarantine as suspect (decision 095), by form',
    labelNames: ['form'],
    registers,
  });
  const quarantineReasons = new Counter({
    name: 'leads_quarantine_reasons_total',
    help: 'Reasons of the quarantined forms, by form (a form may have several)',
    labelNames: ['form', 'reason'],
    registers,
  });
  // Every form shows from the start (0), so a graph has a line before the first lead.
  for (const form of leadForms) {
    stored.labels(form).inc(0);
    quarantined.labels(form).inc(0);
  }
  const label = (form: LeadForm | undefined) => form ?? 'unknown';
  const counted =
    <Step extends { form?: LeadForm | undefined }>(save: (step: Step) => Promise<SaveResult>) =>
    async (step: Step) => {
      const saved = await save(step);
      stored.labels(label(step.form)).inc();
      return saved;
    };
  return {
    saveCandidate: counted(store.saveCandidate),
    saveCompany: counted(store.saveCompany),
    async quarantine(entry) {
      const held = await store.quarantine(entry);
      quarantined.labels(label(entry.step.form)).inc();
      for (const reason of entry.reasons)
        quarantineReasons.labels(label(entry.step.form), reason).inc();
      return held;
    },
  };
}
