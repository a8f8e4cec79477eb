import { MOTIVATION_MIN, questionnaireSchema } from '@shared/schemas/questionnaire';
import { FormShell } from '../../../components/forms/form-shell';
import { withDeclaredFields } from '../../../components/forms/declared-fields';
import { candidateEmail } from '../../../components/forms/field-list';
import { toasts } from '../../../lib/toast-messages';

const fields = withDeclaredFields('questionnaire', [
  candidateEmail,
  { name: 'availability', radio: true },
  { name: 'fullTime', radio: true },
  { name: 'relocation', radio: true },
  { name: 'location', placeholder: 'City, State' },
  { name: 'motivation', rows: 4, hint: `At least ${MOTIVATION_MIN} characters.` },
]);

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
