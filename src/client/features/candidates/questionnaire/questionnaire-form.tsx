import { claims } from '@shared/claims';
import { availabilityOptions, relocationOptions, yesNoOptions } from '@shared/enums';
import { questionnaireSchema } from '@shared/schemas/questionnaire';
import { FormShell } from '../../../components/forms/form-shell';
import { candidateEmail, type FieldSpec } from '../../../components/forms/field-list';
import { toasts } from '../../../lib/toast-messages';

const fields = [
  candidateEmail,
  {
    name: 'availability',
    label: 'When could you start the training?',
    options: availabilityOptions,
    radio: true,
  },
  {
    name: 'fullTime',
    label: `Can you train full time for ${claims.trainingWeeks} weeks?`,
    options: yesNoOptions,
    radio: true,
  },
  {
    name: 'relocation',
    label: 'Would you relocate for the right job?',
    options: relocationOptions,
    radio: true,
  },
  {
    name: 'location',
    label: 'Where do you live?',
    placeholder: 'City, State',
    autoComplete: 'address-level2',
  },
  { name: 'motivation', label: 'Why do you want to become a data center technician?', rows: 4 },
] as const satisfies readonly FieldSpec<string>[];

/** The questionnaire's answers; loaded after hydration, not in /typeform's first load. */
export function QuestionnaireForm({ onSaved }: { onSaved: () => void }) {
  return (
    <FormShell
      schema={questionnaireSchema}
      // The JS flow's attribution page; without JavaScript the answer replaces /typeform.
      post={{ action: '/api/candidates/questionnaire', page: '/typeform' }}
      onSuccess={onSaved}
      failureToast={toasts.answersNotSaved}
      target="_top"
      labels={{ submitLabel: 'Submit Answers' }}
      fields={fields}
      className="mt-6 grid gap-6"
    />
  );
}
