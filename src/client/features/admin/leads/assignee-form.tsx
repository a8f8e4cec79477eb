import { useState } from 'react';
import { useAssign, useAssignees, type Assignee } from '../api/lead-detail';
import { announced, type DetailFormProps } from '../ui/announcement';
import { ActionForm, Select } from '../ui/controls';

export function AssigneeForm({
  kind,
  id,
  assignee,
  announce,
}: DetailFormProps & { assignee: Assignee | null }) {
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
    <ActionForm
      label="Assign"
      busy={assign.isPending}
      onSubmit={() => {
        if (choice === current) return;
        const to = options.find((one) => String(one.id) === choice);
        const done = to ? `Assigned to ${to.name}.` : 'Unassigned.';
        assign.mutate(
          to?.id ?? null,
          announced(announce, done, 'Failed to change the assignee.', () => setPicked(null)),
        );
      }}
    >
      <AssigneeSelect value={choice} onChange={setPicked} options={options} />
    </ActionForm>
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
