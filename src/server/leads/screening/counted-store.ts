import type { Metrics } from '../../platform/metrics/metrics';
import type { LeadStore } from '../store/lead-store';

/**
 * The lead store as the public capture uses it, counting into the metrics (GET /metrics):
 * each stored form by its name, each quarantined one by its name and reasons. Counted once
 * committed, as the 2xx is; only form names and reasons, never what the form said.
 */
export function countedStore(store: LeadStore, metrics: Metrics): LeadStore {
  return {
    async saveCandidate(step) {
      const saved = await store.saveCandidate(step);
      metrics.leadStored(step.form);
      return saved;
    },
    async saveCompany(step) {
      const saved = await store.saveCompany(step);
      metrics.leadStored(step.form);
      return saved;
    },
    async quarantine(entry) {
      const held = await store.quarantine(entry);
      metrics.leadQuarantined(entry.step.form, entry.reasons);
      return held;
    },
    releaseQuarantined: (id) => store.releaseQuarantined(id),
  };
}
