import { claims } from '@shared/claims';
import {
  availabilityOptions,
  questionnaireSchema,
  relocationOptions,
  yesNoOptions,
} from '@shared/schemas/questionnaire';
import { useLeadForm } from '../../../components/forms/use-lead-form';
import { useSessionPrefill } from '../../../components/forms/use-session-prefill';
import { FormShell } from '../../../components/forms/form-shell';
import { EmailField, TextareaField, TextField } from '../../../components/ui/form-field';
import { toasts } from '../../../lib/toast-messages';
import { ChoiceField } from './choice-field';

/** The questions answered by picking one option, in the order they are asked. */
const choiceQuestions = [
  {
    name: 'availability',
    legend: 'When could you start the training?',
    options: availabilityOptions,
  },
  {
    name: 'fullTime',
    legend: `Can you train full time for ${claims.trainingWeeks} weeks?`,
    options: yesNoOptions,
  },
  {
    name: 'relocation',
    legend: 'Would you relocate for the right job?',
    options: relocationOptions,
  },
] as const;

/**
 * The questionnaire's answers, stored with the candidate of the e-mail given earlier (prefilled
 * and read-only when the session has it). Loaded on first use (LazyQuestionnaireForm), so
 * react-hook-form and zod stay out of /typeform's first load; the page telling the embedding
 * page is QuestionnairePage's part, through `onSaved`.
 */
export function QuestionnaireForm({ onSaved }: { onSaved: () => void }) {
  const leadForm = useLeadForm({
    schema: questionnaireSchema,
    // The JS flow's attribution page; without JavaScript the answer replaces /typeform.
    post: { action: '/api/candidates/questionnaire', page: '/typeform' },
    onSuccess: onSaved,
    failureToast: toasts.answersNotSaved,
  });
  const { form, field } = leadForm;
  const storedEmail = useSessionPrefill(form, 'email', 'candidateEmail');

  return (
    <FormShell
      leadForm={leadForm}
      target="_top"
      labels={{ submitLabel: 'Submit Answers' }}
      className="mt-6 grid gap-6"
    >
      <EmailField readOnly={Boolean(storedEmail)} {...field('email', storedEmail)} />
      {choiceQuestions.map(({ name, ...question }) => (
        <ChoiceField key={name} {...question} {...field(name)} />
      ))}
      <TextField
        label="Where do you live?"
        placeholder="City, State"
        autoComplete="address-level2"
        {...field('location')}
      />
      <TextareaField
        label="Why do you want to become a data center technician?"
        {...field('motivation')}
      />
    </FormShell>
  );
}
