import { useFieldArray, useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_EXPLANATION,
  MAX_QUESTIONS,
  SCREENING_URL,
  screeningSchema,
  type Screening,
} from '@shared/booking-screening';
import { FieldError, TextareaField, TextField } from '../../../components/ui/form-field';
import { zodResolver } from '../../../lib/zod-resolver';
import { Panel, Pending } from '../ui/panel';
import { AddRowButton, RemoveRowButton, SaveButton } from '../ui/controls';
import { useKeepFocus } from '../ui/keep-focus';
import { useSaveSettings } from './save-settings';

function ScreeningForm({ saved }: { saved: Screening }) {
  const form = useForm<Screening>({ resolver: zodResolver(screeningSchema), defaultValues: saved });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'questions' });
  const { pending, formProps } = useSaveSettings(SCREENING_URL, form, 'screening questions');
  const { errors } = form.formState;
  // A question removed: the focus goes to the one now in its place, else to "Add a question".
  const keepFocus = useKeepFocus('[data-row="questions"]', ':scope > button');
  return (
    <form ref={keepFocus} {...formProps}>
      {fields.length === 0 && (
        <p className="text-sm text-slate-700">No questions: the times show at once.</p>
      )}
      {fields.map((field, index) => {
        const label = `Question ${index + 1}`;
        const error = errors.questions?.[index];
        return (
          <div
            key={field.id}
            data-row="questions"
            className="grid gap-3 border-t border-slate-200 pt-4"
          >
            <TextField
              label={label}
              hint='Answered yes or no, for example "Are you 18 or older?"'
              error={error?.question?.message}
              {...form.register(`questions.${index}.question`)}
            />
            <TextareaField
              label={`What a "no" to question ${index + 1} shows`}
              hint="Shown instead of the times: say why, respectfully, and what to do instead."
              error={error?.explanation?.message}
              {...form.register(`questions.${index}.explanation`)}
            />
            <RemoveRowButton label={label} onClick={() => remove(index)} />
          </div>
        );
      })}
      {fields.length < MAX_QUESTIONS && (
        <AddRowButton onClick={() => append({ question: '', explanation: DEFAULT_EXPLANATION })}>
          Add a question
        </AddRowButton>
      )}
      <FieldError id="questions-error" error={errors.questions?.message} />
      <SaveButton pending={pending}>Save screening questions</SaveButton>
    </form>
  );
}

/** Knock-out questions before a candidate's times: set by owners (they decide what is asked). */
export function ScreeningSection() {
  const { data, isError } = useQuery<Screening>({ queryKey: [SCREENING_URL] });
  return (
    <Panel id="screening" title="Screening questions">
      <p className="text-sm text-slate-700">
        Up to {MAX_QUESTIONS} yes/no questions a candidate answers before picking a call&apos;s
        time. A &quot;no&quot; shows your explanation instead of the times. Questions about criminal
        history are refused: fair-chance hiring laws forbid asking them before an offer.
      </p>
      {data ? (
        <ScreeningForm saved={data} />
      ) : (
        <Pending failed={isError} failure="The screening questions could not be loaded." />
      )}
    </Panel>
  );
}
