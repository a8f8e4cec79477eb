import { entriesOf } from '@shared/lead-field';
import { Button } from '../../../../components/ui/button';
import { useReviewUnverified, type LeadDetail } from '../../api/lead-detail';
import { announced, type Announce } from '../../ui/announcement';
import { shownValue } from '../lead-fields';
import { FieldDescriptions, fieldsOfKind } from './detail-fields';

/* Forms sent without the person's proof fill only empty fields (decision 176); what they would
   change waits here until someone calls the person and accepts it or discards it. */

/** What the waiting forms said that differs from the lead: label, their value, the lead's. */
function waitingChanges({ kind, lead, submissions }: LeadDetail) {
  const waiting = submissions.filter((entry) => entry.verified === false);
  const byColumn = new Map(
    entriesOf(fieldsOfKind[kind]).map(([name, field]) => [
      field.column,
      { ...field, now: (lead as Record<string, unknown>)[name] },
    ]),
  );
  const changes = new Map<string, { label: string; sent: string; now: string | null }>();
  for (const entry of waiting.slice(-lead.unverifiedForms)) {
    for (const [column, value] of Object.entries(entry.fields ?? {})) {
      const field = byColumn.get(column);
      if (!field || !value || value === field.now) continue;
      changes.set(column, {
        label: field.label,
        sent: shownValue(field, value) ?? value,
        now: typeof field.now === 'string' ? shownValue(field, field.now) : null,
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
  const verdicts = [
    { mutation: useReviewUnverified(kind, 'accept'), label: 'Accept', done: 'accepted' },
    { mutation: useReviewUnverified(kind, 'discard'), label: 'Discard', done: 'discarded' },
  ];
  if (lead.unverifiedForms <= 0) return null;
  const changes = waitingChanges(detail);
  const busy = verdicts.some(({ mutation }) => mutation.isPending);
  return (
    <section
      aria-labelledby="unverified-heading"
      className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h3 id="unverified-heading" className="font-semibold">
        Changed from a browser we could not confirm: call to check
      </h3>
      {changes.length > 0 ? (
        <FieldDescriptions
          fields={changes.map(({ label, sent, now }) => [label, `${sent} (now ${now ?? 'blank'})`])}
        />
      ) : (
        <p>It only filled fields that were empty: nothing else would change.</p>
      )}
      {canWork && (
        <div className="flex flex-wrap gap-3">
          {verdicts.map(({ mutation, label, done }, index) => (
            <Button
              key={label}
              variant={index === 0 ? 'dark' : 'outline'}
              size="md"
              aria-disabled={busy}
              onClick={() =>
                busy ||
                mutation.mutate(
                  { id: lead.id },
                  announced(
                    announce,
                    `Changes ${done}.`,
                    `Failed to ${label.toLowerCase()} the changes.`,
                  ),
                )
              }
            >
              {label} changes
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}
