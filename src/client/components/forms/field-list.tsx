import { useEffect, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { usePageState } from '../../lib/page-state';
import { useSessionValue, type SessionKey } from '../../lib/session-keys';
import { FieldError, SelectField, TextareaField, TextField, type Option } from '../ui/form-field';

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
type Registered = UseFormRegisterReturn & {
  error?: string | undefined;
  defaultValue?: string;
  autoFocus?: boolean;
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
  /** Shown under the label and linked to the control: a rule told before submitting. */
  hint?: string;
}

export const candidateEmail = {
  name: 'email',
  label: 'Email',
  type: 'email',
  prefill: 'candidateEmail',
  locked: true,
} as const;

interface FieldsForm<Name extends string> {
  form: { setValue: (name: never, value: never) => void };
  field: (name: Name, prefilled?: string | null) => Registered;
}

// One field, filled in from its session key when `prefill` allows: after hydration, so the markup
// matches, or at once on a server-rendered page; page-boot.ts fills `data-prefill` in even sooner.
export function SpecField<Name extends string>({
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
    ...(typeof locked === 'string' ? { hint: locked, hintHidden: !value } : {}),
    ...(prefill && key ? { 'data-prefill': key, 'data-locked': locked ? '' : undefined } : {}),
    ...field(name, value),
  };
  if (options) return <SelectField options={options} {...props} />;
  if (rows) return <TextareaField rows={rows} {...props} />;
  return <TextField {...props} />;
}
