import { useState } from 'react';
import type { LeadKind } from '@shared/lead-status';
import { Button } from '../../../components/ui/button';
import { useAssign, useAssignees, type Assignee } from '../api/assignees';
import { Select } from '../ui/controls';

/** The lead's assignee with a control to change it: an account, or "Unassigned". */
export function AssigneeForm({
  kind,
  id,
  assignee,
  announce,
}: {
  kind: LeadKind;
  id: number;
  assignee: Assignee | null;
  announce(message: { text: string; failed?: boolean }): void;
}) {
  const assignees = useAssignees();
  const assign = useAssign(kind, id);
  const [picked, setPicked] = useState<string | null>(null);
  const current = assignee ? String(assignee.id) : '';
  const choice = picked ?? current;
  // The current assignee stays a choice even when no longer assignable (disabled since).
  const options = [
    ...(assignee && !assignees.data?.some((one) => one.id === assignee.id) ? [assignee] : []),
    ...(assignees.data ?? []),
  ];
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (assign.isPending || choice === current) return;
        const to = options.find((one) => String(one.id) === choice);
        assign.mutate(to?.id ?? null, {
          onSuccess: () => {
            setPicked(null);
            announce({ text: to ? `Assigned to ${to.name}.` : 'Unassigned.' });
          },
          onError: () => announce({ text: 'Error: Failed to change the assignee.', failed: true }),
        });
      }}
    >
      <AssigneeSelect value={choice} onChange={setPicked} options={options} />
      <Button type="submit" variant="dark" size="md" aria-disabled={assign.isPending}>
        {assign.isPending ? 'Saving…' : 'Assign'}
      </Button>
    </form>
  );
}

/** "Assignee": Unassigned, or one of `options` (by default the accounts that may hold leads). */
export function AssigneeSelect({
  value,
  onChange,
  options,
}: {
  /** An account id as text; '' is Unassigned. */
  value: string;
  onChange(value: string): void;
  options?: Assignee[];
}) {
  const assignees = useAssignees();
  return (
    <Select
      label="Assignee"
      value={value}
      onChange={onChange}
      options={(options ?? assignees.data ?? []).map((one) => ({
        value: String(one.id),
        label: one.name,
      }))}
      empty="Unassigned"
      className="min-w-48"
    />
  );
}
