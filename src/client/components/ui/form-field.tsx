import { useId, type ComponentProps, type ReactNode } from 'react';
import { clsx } from 'clsx';

/** The one look of a text box or select, public and admin alike (each adds its padding). */
export const controlClass = clsx(
  'block w-full rounded-lg border border-slate-300 bg-white text-base text-slate-900 shadow-sm',
  'placeholder:text-slate-500 transition-colors duration-150',
  'focus-visible:border-accent-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-strong',
  'aria-[invalid=true]:border-red-700',
);
/** Only text controls: a <select> always matches :read-only and would look disabled. */
const readOnlyClass = 'read-only:bg-slate-100 read-only:text-slate-700';

type Common = {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Rendered but hidden (a prefilled field's hint, shown by page-boot.ts before hydration). */
  hintHidden?: boolean;
  optional?: boolean;
  /** For screen readers only (a control in a table's cell). */
  hideLabel?: boolean;
  containerClassName?: string;
};

interface ControlLinks {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean;
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

/** Label, control and error message, linked for assistive technology (aria-describedby). */
function FieldShell<Props extends Common>({
  props: { label, error, hint, hintHidden, optional, hideLabel, containerClassName, ...own },
  control,
}: {
  props: Props;
  control: (links: ControlLinks, own: Omit<Props, keyof Common>) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy =
    [hint && !hintHidden ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={clsx('grid gap-1.5', containerClassName)}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-800'}>
        {label}
        {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} hidden={hintHidden} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {control({ id, 'aria-describedby': describedBy, 'aria-invalid': Boolean(error) }, own)}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function TextField({ className, ...props }: Common & ComponentProps<'input'>) {
  return (
    <FieldShell
      props={props}
      control={(links, own) => (
        <input
          {...links}
          className={clsx(controlClass, readOnlyClass, 'h-11 px-3', className)}
          {...own}
        />
      )}
    />
  );
}

export interface Option {
  value: string;
  label: string;
}

/** A select; a blank first choice: the disabled `placeholder`, or `empty` (null: none). */
export function SelectField({
  className,
  options,
  placeholder = 'Select an option',
  empty,
  children,
  ...props
}: Common &
  ComponentProps<'select'> & {
    options: readonly Option[];
    placeholder?: string;
    empty?: string | null;
  }) {
  return (
    <FieldShell
      props={props}
      control={(links, own) => (
        <select
          {...links}
          className={clsx(controlClass, 'h-11 px-3', className)}
          defaultValue={own.value === undefined ? '' : undefined}
          {...own}
        >
          {empty === undefined ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : empty === null ? null : (
            <option value="">{empty}</option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
      )}
    />
  );
}

export function TextareaField({ className, ...props }: Common & ComponentProps<'textarea'>) {
  return (
    <FieldShell
      props={props}
      control={(links, own) => (
        <textarea
          rows={4}
          {...links}
          className={clsx(controlClass, readOnlyClass, 'px-3 py-2', className)}
          {...own}
        />
      )}
    />
  );
}
