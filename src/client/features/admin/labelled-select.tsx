import { useId } from 'react';
import { clsx } from 'clsx';
import { controlClass } from './leads-tab';

/** A select with its label (visible, or for screen readers only in a table's cell). */
export function LabelledSelect({
  label,
  value,
  onChange,
  options,
  empty,
  hideLabel = false,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly { value: string; label: string }[];
  /** The label of the choice '' (none when absent). */
  empty?: string;
  hideLabel?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
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
      </select>
    </div>
  );
}
