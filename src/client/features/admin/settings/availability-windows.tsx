import { get, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { MAX_WINDOWS, WEEKDAYS, type Availability } from '@shared/booking-availability';
import { Button } from '../../../components/ui/button';
import { AddRowButton, RemoveRowButton } from '../ui/controls';
import { useKeepFocus } from '../ui/keep-focus';
import { FieldError, TextField } from '../../../components/ui/form-field';

type Form = UseFormReturn<Availability>;

/** The message react-hook-form holds for `name` (a field, a window or a whole list). */
const errorAt = (form: Form, name: string): string | undefined =>
  (get(form.formState.errors, name) as { message?: string } | undefined)?.message;

/** One day's windows, each from a start to an end time; none: closed. `label` names the day. */
function WindowList({
  form,
  name,
  label,
}: {
  form: Form;
  name: `weekly.${(typeof WEEKDAYS)[number]}` | `exceptions.${number}.windows`;
  label: string;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  // A window removed: the focus goes to the one now in its place, else to "Add a window".
  const keepFocus = useKeepFocus(`[data-row="${name}"]`, ':scope > button');
  return (
    <div ref={keepFocus} className="grid gap-2">
      {fields.length === 0 && <p className="py-2 text-sm text-slate-700">Closed</p>}
      {fields.map((field, index) => {
        const row = `${name}.${index}` as const;
        const window = `${label} window ${index + 1}`;
        return (
          <div key={field.id} data-row={name} className="flex flex-wrap items-start gap-2">
            <TextField
              type="time"
              label={`${window} start`}
              hideLabel
              error={errorAt(form, `${row}.start`)}
              {...form.register(`${row}.start`)}
            />
            <span className="leading-11 text-slate-700">to</span>
            <TextField
              type="time"
              label={`${window} end`}
              hideLabel
              // "The end must be after the start" is the window's: shown by its end.
              error={errorAt(form, `${row}.end`) ?? errorAt(form, row)}
              {...form.register(`${row}.end`)}
            />
            <Button variant="ghost" onClick={() => remove(index)}>
              Remove<span className="sr-only"> {window}</span>
            </Button>
          </div>
        );
      })}
      {fields.length < MAX_WINDOWS && (
        <AddRowButton onClick={() => append({ start: '09:00', end: '17:00' })}>
          Add a window<span className="sr-only"> to {label}</span>
        </AddRowButton>
      )}
      <FieldError id={`${name}-error`} error={errorAt(form, name)} />
    </div>
  );
}

const dayName = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);
const rowClass = 'grid gap-2 border-t border-slate-200 pt-3 sm:grid-cols-[9rem_1fr]';

export function WeeklyWindows({ form }: { form: Form }) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-semibold text-slate-900">Weekly hours</legend>
      {WEEKDAYS.map((day) => (
        <div key={day} role="group" aria-labelledby={`hours-${day}`} className={rowClass}>
          <p id={`hours-${day}`} className="pt-2.5 font-medium text-slate-800">
            {dayName(day)}
          </p>
          <WindowList form={form} name={`weekly.${day}`} label={dayName(day)} />
        </div>
      ))}
    </fieldset>
  );
}

/** Dates with their own windows instead of their weekday's (none: closed all day). */
export function DateExceptions({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'exceptions' });
  const keepFocus = useKeepFocus('[data-row="exceptions"]', ':scope > button');
  return (
    <fieldset ref={keepFocus} className="grid gap-3">
      <legend className="mb-2 font-semibold text-slate-900">Date exceptions</legend>
      <p className="text-sm text-slate-700">
        A date's own hours replace its weekday's; a date without a window is closed.
      </p>
      {fields.map((field, index) => {
        const label = `Exception ${index + 1}`;
        return (
          <div
            key={field.id}
            role="group"
            aria-label={label}
            data-row="exceptions"
            className={rowClass}
          >
            <div className="grid content-start gap-2">
              <TextField
                type="date"
                label={`${label} date`}
                error={errorAt(form, `exceptions.${index}.date`)}
                {...form.register(`exceptions.${index}.date`)}
              />
              <RemoveRowButton label={label} onClick={() => remove(index)} />
            </div>
            <WindowList form={form} name={`exceptions.${index}.windows`} label={label} />
          </div>
        );
      })}
      <AddRowButton onClick={() => append({ date: '', windows: [] })}>
        Add a date exception
      </AddRowButton>
      <FieldError id="exceptions-error" error={errorAt(form, 'exceptions')} />
    </fieldset>
  );
}
