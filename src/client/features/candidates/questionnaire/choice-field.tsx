import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Option } from '../../../components/ui/form-field';

/**
 * A question answered by one of a few options: radio buttons in a fieldset, the question as
 * its legend and the error linked to every option. Arrow keys move between the options.
 */
export function ChoiceField({
  legend,
  options,
  error,
  defaultValue,
  ...registration
}: {
  legend: string;
  options: readonly Option[];
  error?: string | undefined;
  /** The option chosen before (a post sent back by the server, decision 090). */
  defaultValue?: string;
} & UseFormRegisterReturn) {
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
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
