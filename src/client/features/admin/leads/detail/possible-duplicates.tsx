import { useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import type { MatchReason, PossibleDuplicate } from '@shared/admin-duplicates';
import type { MergeWinners } from '@shared/lead-merge';
import { useMergeLead } from '../../api/lead-detail';
import { announced, type DetailFormProps } from '../../ui/announcement';
import { ConfirmDialog, type ConfirmRequest } from '../../ui/confirm-dialog';
import { fullName } from '../leads';
import { MergeChoices } from './merge-choices';
import { formatDate } from '../../ui/format';

const reasonTexts: Record<MatchReason, string> = {
  phone: 'same phone',
  name_location: 'same name and location',
  email: 'same e-mail',
};

export function PossibleDuplicates({
  id,
  duplicates,
  canMerge,
  announce,
}: DetailFormProps & { duplicates: PossibleDuplicate[]; canMerge: boolean }) {
  const merge = useMergeLead(id);
  const [merging, setMerging] = useState<PossibleDuplicate | null>(null);
  // The choices as the recruiter leaves them; read when Merge is pressed.
  const winners = useRef<MergeWinners>({});
  if (duplicates.length === 0) return <p className="text-sm text-slate-600">None found.</p>;
  const ask = (other: PossibleDuplicate) => {
    winners.current = {};
    setMerging(other);
  };
  const request: ConfirmRequest | null = merging && {
    title: 'Merge leads',
    message: `Merge lead #${merging.id} (${merging.email}) into this lead? Its forms, notes and timeline move here, each field keeps the value chosen below, and lead #${merging.id} is removed.`,
    confirmLabel: 'Merge',
    onConfirm: () =>
      merge.mutate(
        { otherId: merging.id, winners: winners.current },
        announced(
          announce,
          `Lead #${merging.id} merged into this lead.`,
          'Failed to merge the leads.',
        ),
      ),
  };
  return (
    <>
      <ul className="grid gap-3">
        {duplicates.map((other) => (
          <li
            key={other.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm"
          >
            <div>
              <p className="font-medium text-slate-900">
                {fullName(other.firstName, other.lastName) || `Lead #${other.id}`}
              </p>
              <p className="break-all text-slate-700">{other.email}</p>
              <p className="text-slate-700">
                Created <time dateTime={other.createdAt}>{formatDate(other.createdAt)}</time> ·{' '}
                {other.reasons.map((reason) => reasonTexts[reason]).join(', ')}
              </p>
            </div>
            {canMerge && (
              <Button
                variant="outline"
                size="sm"
                aria-disabled={merge.isPending}
                aria-label={`Merge lead #${other.id} into this lead`}
                onClick={() => (merge.isPending ? undefined : ask(other))}
              >
                Merge into this lead
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog request={request} onClose={() => setMerging(null)} wide>
        {merging && (
          <MergeChoices
            keptId={id}
            otherId={merging.id}
            onChange={(chosen) => (winners.current = chosen)}
          />
        )}
      </ConfirmDialog>
    </>
  );
}
