import {
  useEffect,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { clsx } from 'clsx';
import { usePageState } from '../../lib/page-state';
import type { SessionKey } from '../../lib/session-keys';
import { useSessionValue } from '../../lib/use-session-value';

/** The one look of a text box or select, public and admin alike (each adds its padding). */
export const controlClass = clsx(
  'block w-full rounded-lg border border-slate-300 bg-white text-base text-slate-900 shadow-sm',
  'placeholder:text-slate-500 transition-colors duration-150',
  'focus-visible:border-accent-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-strong',
  'aria-[invalid=true]:border-red-700',
);
/** Only text controls: a <select> always matches :read-only and would look disabled. */
const readOnlyClass = 'read-only:bg-slate-100 read-only:text-slate-700';

/** What every field takes besides its control's own attributes. */
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

/** The attributes that link a control to its label, hint and error. */
interface ControlLinks {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean;
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
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
  /** The control: its links to the shell, then the props that are its own. */
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

type TextFieldProps = Common &
  InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function TextField({ className, ref, ...props }: TextFieldProps) {
  return (
    <FieldShell
      props={props}
      control={(links, own) => (
        <input
          ref={ref}
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
  ref,
  children,
  ...props
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly Option[];
    placeholder?: string;
    empty?: string | null;
    ref?: Ref<HTMLSelectElement>;
  }) {
  return (
    <FieldShell
      props={props}
      control={(links, own) => (
        <select
          ref={ref}
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

export function TextareaField({
  className,
  ref,
  ...props
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <FieldShell
      props={props}
      control={(links, own) => (
        <textarea
          ref={ref}
          rows={4}
          {...links}
          className={clsx(controlClass, readOnlyClass, 'px-3 py-2', className)}
          {...own}
        />
      )}
    />
  );
}

/** One of a few options: radios in a fieldset, the error linked to each; arrow keys move. */
function ChoiceField({
  legend,
  options,
  error,
  defaultValue,
  ...registration
}: {
  legend: string;
  options: readonly Option[];
} & Registered) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 transition-colors duration-150 hover:bg-slate-50 has-checked:border-accent-strong has-checked:bg-cyan-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-accent-strong"
          >
            <input
              type="radio"
              value={option.value}
              defaultChecked={
                defaultValue === undefined ? undefined : defaultValue === option.value
              }
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
              className="size-4 shrink-0 accent-accent-strong focus-visible:outline-none"
              {...registration}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

/** A field's registration and error (useLeadForm's `field`); `defaultValue` is what it shows first. */
export type Registered = UseFormRegisterReturn & {
  error?: string | undefined;
  defaultValue?: string;
};

/** A form field as data: a select with `options` (radios with `radio`), a textarea with `rows`. */
export interface FieldSpec<Name extends string> {
  name: Name;
  label: string;
  optional?: boolean;
  /** Across both columns of a two-column form. */
  wide?: boolean;
  options?: readonly Option[];
  radio?: true;
  rows?: number;
  placeholder?: string;
  /** Also its autoComplete, unless that says otherwise. */
  type?: 'email' | 'tel';
  autoComplete?: string;
  /** The session key it is filled in from (a value typed on an earlier page). */
  prefill?: SessionKey;
  /** Read-only once prefilled (its lead already exists); a text is shown as its hint too. */
  locked?: true | string;
}

/** The candidate's e-mail: read-only once the session has it (its lead already exists). */
export const candidateEmail = {
  name: 'email',
  label: 'Email',
  type: 'email',
  prefill: 'candidateEmail',
  locked: true,
} as const;

/** What a field takes of useLeadForm's answer. */
export interface FieldsForm<Name extends string> {
  form: { setValue: (name: never, value: never) => void };
  field: (name: Name, prefilled?: string | null) => Registered;
}

/**
 * One field, filled in from its session key when `prefill` allows: read after hydration, so
 * the markup matches, or from the first render on a page the server rendered (decision 090).
 * `data-prefill` lets the page's inline script fill it in before hydration (decision 164).
 */
function SpecField<Name extends string>({
  spec: { name, wide, options, radio, rows, locked, prefill: key, ...spec },
  leadForm: { form, field },
  prefill,
}: {
  spec: FieldSpec<Name>;
  leadForm: FieldsForm<Name>;
  prefill: boolean;
}) {
  const fromServer = usePageState().prefill?.[key ?? ''];
  const stored = useSessionValue(key) ?? fromServer ?? null;
  const value = prefill ? stored : null;
  useEffect(() => {
    if (value) form.setValue(name as never, value as never);
  }, [value, form, name]);
  if (options && radio)
    return <ChoiceField legend={spec.label} options={options} {...field(name)} />;
  const props = {
    autoComplete: spec.type,
    ...spec,
    containerClassName: wide ? 'sm:col-span-2' : undefined,
    readOnly: Boolean(locked && value),
    hint: typeof locked === 'string' ? locked : undefined,
    hintHidden: !value,
    ...(prefill && key ? { 'data-prefill': key, 'data-locked': locked ? '' : undefined } : {}),
    ...field(name, value),
  };
  if (options) return <SelectField options={options} {...props} />;
  if (rows) return <TextareaField rows={rows} {...props} />;
  return <TextField {...props} />;
}

/** `fields` in order, each with its registration, error and prefill (useLeadForm). */
export function Fields<Name extends string>({
  fields,
  ...props
}: {
  fields: readonly FieldSpec<Name>[];
  leadForm: FieldsForm<Name>;
  prefill: boolean;
}) {
  return fields.map((spec) => <SpecField key={spec.name} spec={spec} {...props} />);
}
