import { entriesOf } from '@shared/lead-field';
import { candidateFields, companyFields } from '@shared/lead-fields';
import { Button } from '../../../../components/ui/button';
import { useReviewUnverified, type LeadDetail } from '../../api/lead-detail';
import { announced, type Announce } from '../../ui/announcement';
import { shownValue } from './detail-fields';

/* Forms sent without the person's proof fill only empty fields (decision 176); what they would
   change waits here until someone calls the person and accepts it or discards it. */

const labelsByColumn = {
  candidate: Object.fromEntries(entriesOf(candidateFields).map(([, f]) => [f.column, f.label])),
  company: Object.fromEntries(entriesOf(companyFields).map(([, f]) => [f.column, f.label])),
};

/** What the waiting forms said that differs from the lead: label, their value, the lead's. */
function waitingChanges(detail: LeadDetail) {
  const count = detail.lead.unverifiedForms;
  const waiting = detail.submissions.filter((entry) => entry.verified === false).slice(-count);
  const labels = labelsByColumn[detail.kind];
  const current = new Map(
    entriesOf(detail.kind === 'candidate' ? candidateFields : companyFields).map(
      ([apiName, field]) => [field.column, (detail.lead as Record<string, unknown>)[apiName]],
    ),
  );
  const changes = new Map<string, { label: string; sent: string; now: string | null }>();
  for (const entry of waiting) {
    for (const [column, value] of Object.entries(entry.fields ?? {})) {
      const label = labels[column];
      if (!label || !value || value === current.get(column)) continue;
      const now = current.get(column);
      changes.set(column, {
        label,
        sent: shownValue(column, value) ?? value,
        now: typeof now === 'string' ? shownValue(column, now) : null,
      });
    }
  }
  return [...changes.values()];
}

export function UnverifiedChanges({
  detail,
  canWork,
  announce,
}: {
  detail: LeadDetail;
  canWork: boolean;
  announce: Announce;
}) {
  const { kind, lead } = detail;
  const accept = useReviewUnverified(kind, 'accept');
  const discard = useReviewUnverified(kind, 'discard');
  if (lead.unverifiedForms <= 0) return null;
  const changes = waitingChanges(detail);
  const busy = accept.isPending || discard.isPending;
  return (
    <section
      aria-labelledby="unverified-heading"
      className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h3 id="unverified-heading" className="font-semibold">
        Changed from a browser we could not confirm: call to check
      </h3>
      {changes.length > 0 ? (
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
          {changes.map(({ label, sent, now }) => (
            <div key={label} className="contents">
              <dt className="font-medium">{label}</dt>
              <dd className="break-words">
                {sent} <span className="text-amber-900">(now {now ?? 'blank'})</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>It only filled fields that were empty: nothing else would change.</p>
      )}
      {canWork && (
        <div className="flex flex-wrap gap-3">
          <Button
            variant="dark"
            size="md"
            aria-disabled={busy}
            onClick={() =>
              busy ||
              accept.mutate(
                { id: lead.id },
                announced(announce, 'Changes accepted.', 'Failed to accept the changes.'),
              )
            }
          >
            Accept changes
          </Button>
          <Button
            variant="outline"
            size="md"
            aria-disabled={busy}
            onClick={() =>
              busy ||
              discard.mutate(
                { id: lead.id },
                announced(announce, 'Changes discarded.', 'Failed to discard the changes.'),
              )
            }
          >
            Discard changes
          </Button>
        </div>
      )}
    </section>
  );
}
