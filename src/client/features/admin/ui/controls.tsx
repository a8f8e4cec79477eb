import { useId, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { Button } from '../../../components/ui/button';

/** The admin's one look for a select, a search box or a text input. */
export const controlClass =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white text-base text-slate-900 shadow-sm focus-visible:border-accent-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-strong';

/** A select with its label (visible, or for screen readers only in a table's cell). */
export function Select({
  label,
  value,
  onChange,
  options = [],
  empty,
  hideLabel = false,
  disabled = false,
  className,
  children,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  options?: readonly { value: string; label: string }[];
  /** The label of the choice '' (none when absent). */
  empty?: string | undefined;
  hideLabel?: boolean;
  disabled?: boolean;
  className?: string;
  /** Choices of their own (option groups), after `options`. */
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={clsx('grid gap-1.5', className)}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-800'}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className={clsx(controlClass, 'px-3')}
      >
        {empty === undefined ? null : <option value="">{empty}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
    </div>
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

/**
 * A form of one action: its controls, then a submit button that is never `disabled` (that would
 * drop the focus out of the detail panel), and what follows it (`after`).
 */
export function ActionForm({
  label,
  busy,
  busyLabel = 'Saving…',
  blocked = false,
  onSubmit,
  className = 'items-end',
  children,
  after,
}: {
  label: string;
  busy: boolean;
  busyLabel?: string;
  /** Submitting does nothing (as while busy). */
  blocked?: boolean;
  onSubmit(): void;
  className?: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <form
      className={clsx('flex flex-wrap gap-3', className)}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy && !blocked) onSubmit();
      }}
    >
      {children}
      <Button type="submit" variant="dark" size="md" aria-disabled={busy || blocked}>
        {busy ? busyLabel : label}
      </Button>
      {after}
    </form>
  );
}
