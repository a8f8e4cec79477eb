import { useState, type FormEvent } from 'react';
import { Button, SubmitButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';

export const card = { level: 3, className: 'grid gap-3 rounded-xl bg-white p-6 shadow' } as const;

export const codeField = {
  label: 'Authentication code or recovery code',
  autoComplete: 'one-time-code',
} as const;

/** One field and a button; a rename (`onCancel`) starts at `initial`, focused; Escape closes. */
export function OneFieldForm(props: {
  label: string;
  name: string;
  button: string;
  busy: boolean;
  type?: string;
  autoComplete?: string;
  initial?: string;
  onSubmit: (value: string) => void;
  onCancel?: () => void;
}) {
  const [value, setValue] = useState(props.initial ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) props.onSubmit(value.trim());
    setValue(props.initial ?? '');
  };
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
      <TextField
        label={props.label}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete ?? 'off'}
        required
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoFocus={props.onCancel !== undefined}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && props.onCancel) props.onCancel();
        }}
        containerClassName="min-w-64 flex-1"
      />
      <SubmitButton submitting={props.busy} label={props.button} busyLabel={`${props.button}…`} />
      {props.onCancel ? (
        <Button variant="outline" onClick={props.onCancel}>
          Cancel
        </Button>
      ) : null}
    </form>
  );
}
