import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '../../lib/cn';

const controlClass = cn(
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm',
  'placeholder:text-slate-500 transition-colors duration-150',
  'focus-visible:border-accent-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-strong',
  'aria-[invalid=true]:border-red-700',
);
/** Only text controls: a <select> always matches :read-only and would look disabled. */
const readOnlyClass = 'read-only:bg-slate-100 read-only:text-slate-700';

interface ShellProps {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  optional?: boolean;
  className?: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control and error message, linked for assistive technology (aria-describedby). */
function FieldShell({ label, error, hint, optional, className, children }: ShellProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy =
    [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {children({ id, describedBy, invalid: Boolean(error) })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Common = {
  label: string;
  error?: string | undefined;
  hint?: string;
  optional?: boolean;
  containerClassName?: string;
};

export function TextField({
  label,
  error,
  hint,
  optional,
  containerClassName,
  className,
  ref,
  ...props
}: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <FieldShell
      label={label}
      error={error}
      hint={hint}
      optional={optional}
      className={containerClassName}
    >
      {({ id, describedBy, invalid }) => (
        <input
          ref={ref}
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          className={cn(controlClass, readOnlyClass, 'h-11', className)}
          {...props}
        />
      )}
    </FieldShell>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField({
  label,
  error,
  hint,
  optional,
  containerClassName,
  className,
  options,
  placeholder = 'Select an option',
  ref,
  ...props
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly Option[];
    placeholder?: string;
    ref?: Ref<HTMLSelectElement>;
  }) {
  return (
    <FieldShell
      label={label}
      error={error}
      hint={hint}
      optional={optional}
      className={containerClassName}
    >
      {({ id, describedBy, invalid }) => (
        <select
          ref={ref}
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          className={cn(controlClass, 'h-11', className)}
          defaultValue=""
          {...props}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export function TextareaField({
  label,
  error,
  hint,
  optional,
  containerClassName,
  className,
  ref,
  ...props
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <FieldShell
      label={label}
      error={error}
      hint={hint}
      optional={optional}
      className={containerClassName}
    >
      {({ id, describedBy, invalid }) => (
        <textarea
          ref={ref}
          id={id}
          rows={4}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          className={cn(controlClass, readOnlyClass, 'py-2', className)}
          {...props}
        />
      )}
    </FieldShell>
  );
}
