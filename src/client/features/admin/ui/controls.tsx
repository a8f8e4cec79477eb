import { useId, type ComponentProps, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/form-field';
import type { LeadKind } from '@shared/lead-status';
import { leadName } from './format';

/** The admin's select: `onChange` gets the value; no blank choice unless `empty` names it. */
export function Select({
  onChange,
  className,
  options = [],
  empty = null,
  ...props
}: Omit<ComponentProps<typeof SelectField>, 'onChange' | 'options'> & {
  onChange(value: string): void;
  options?: ComponentProps<typeof SelectField>['options'];
}) {
  return (
    <SelectField
      {...props}
      options={options}
      empty={empty}
      containerClassName={className}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function Checkbox({
  label,
  checked,
  onChange,
  className,
}: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  /** 'h-11' beside the selects of a row. */
  className?: string;
}) {
  const id = useId();
  return (
    <div className={clsx('flex items-center gap-2', className)}>
      <input
        id={id}
        type="checkbox"
        className="size-5 accent-accent-strong"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
    </div>
  );
}

/** One action's controls and submit button: never `disabled`, so the focus stays in the panel. */
export function ActionForm({
  label,
  busy,
  blocked = false,
  onSubmit,
  children,
}: {
  label: string;
  busy: boolean;
  /** Submitting does nothing (as while busy). */
  blocked?: boolean;
  onSubmit(): void;
  children: ReactNode;
}) {
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy && !blocked) onSubmit();
      }}
    >
      {children}
      <Button type="submit" variant="dark" size="md" aria-disabled={busy || blocked}>
        {busy ? 'Saving…' : label}
      </Button>
    </form>
  );
}

export function AddRowButton({ onClick, children }: { onClick(): void; children: ReactNode }) {
  return (
    <Button variant="outline" size="sm" className="justify-self-start" onClick={onClick}>
      {children}
    </Button>
  );
}

/** Removes one row of a list a form edits; `label` names the row to a screen reader. */
export function RemoveRowButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Button variant="ghost" size="sm" className="justify-self-start" onClick={onClick}>
      Remove<span className="sr-only"> {label}</span>
    </Button>
  );
}

export function SaveButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="dark" className="justify-self-start" aria-disabled={pending}>
      {pending ? 'Saving…' : children}
    </Button>
  );
}

/** A lead as a list outside the lead tabs names it ("Candidate #12"); opens its detail. */
export function LeadButton({
  kind,
  id,
  onOpen,
}: {
  kind: LeadKind;
  id: number;
  /** None: the lead is gone (deleted or erased), its name is plain text. */
  onOpen?: ((kind: LeadKind, id: number) => void) | undefined;
}) {
  const name = leadName(kind, id);
  if (!onOpen) return <span className="whitespace-nowrap">{name}</span>;
  return (
    <button
      type="button"
      className="whitespace-nowrap rounded font-medium text-accent-strong underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong"
      onClick={() => onOpen(kind, id)}
    >
      {name}
    </button>
  );
}
