import { useState } from 'react';
import { Link } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { claims } from '@shared/claims';
import {
  availabilityOptions,
  questionnaireSchema,
  relocationOptions,
  yesNoOptions,
} from '@shared/schemas/questionnaire';
import { useLeadForm } from '../../components/forms/use-lead-form';
import { useSessionPrefill } from '../../components/forms/use-session-prefill';
import { buttonClass, SubmitButton } from '../../components/ui/button';
import { TextareaField, TextField } from '../../components/ui/form-field';
import { LazyToaster } from '../../components/ui/LazyToaster';
import type { ToastInput } from '../../lib/toast-store';
import { session } from '../../lib/session-keys';
import { submitQuestionnaire } from './candidate-api';
import { ChoiceField } from './questionnaire/ChoiceField';
import { announceSubmission } from './questionnaire/announce-submission';

const answersNotSaved: ToastInput = {
  title: 'Submission Error',
  description: 'There was a problem saving your answers. Please try again.',
  variant: 'destructive',
};

/**
 * /questionnaire: the built-in questionnaire /typeform embeds when no external form is
 * configured. It has no site layout (it lives in an iframe), stores the answers with the
 * candidate of the e-mail given earlier, then tells the page around it, as Fillout does.
 */
export default function QuestionnairePage() {
  // Embedded, the page around it moves on; opened on its own, the visitor needs a link.
  const [completed, setCompleted] = useState<'embedded' | 'standalone' | null>(null);
  const { form, onSubmit, submitting } = useLeadForm({
    schema: questionnaireSchema,
    defaultValues: { email: '', location: '', motivation: '' },
    submit: submitQuestionnaire,
    onSuccess: () => {
      session.set('typeformCompleted', 'true');
      setCompleted(announceSubmission() ? 'embedded' : 'standalone');
    },
    failureToast: answersNotSaved,
  });
  const storedEmail = useSessionPrefill(form, 'email', 'candidateEmail');
  const { errors } = form.formState;

  return (
    <div className="min-h-screen bg-white text-slate-900">
      <main aria-label="Questionnaire" className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
        {completed ? (
          <div role="status" className="form-complete py-16 text-center">
            <CircleCheck className="mx-auto size-12 text-emerald-700" aria-hidden="true" />
            <h1 className="mt-4 text-2xl">Thank you, your answers are saved</h1>
            {completed === 'embedded' ? (
              <p className="mt-2 text-slate-600">We are finishing your application now.</p>
            ) : (
              <Link to="/thank-you" className={buttonClass({ className: 'mt-6' })}>
                Continue
              </Link>
            )}
          </div>
        ) : (
          <>
            <h1 className="text-2xl">A few questions about you</h1>
            <p className="mt-2 text-slate-600">
              They help us match you with the right cohort and employer.
            </p>
            <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-6">
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                readOnly={Boolean(storedEmail)}
                error={errors.email?.message}
                {...form.register('email')}
              />
              <ChoiceField
                legend="When could you start the training?"
                options={availabilityOptions}
                error={errors.availability?.message}
                registration={form.register('availability')}
              />
              <ChoiceField
                legend={`Can you train full time for ${claims.trainingWeeks} weeks?`}
                options={yesNoOptions}
                error={errors.fullTime?.message}
                registration={form.register('fullTime')}
              />
              <ChoiceField
                legend="Would you relocate for the right job?"
                options={relocationOptions}
                error={errors.relocation?.message}
                registration={form.register('relocation')}
              />
              <TextField
                label="Where do you live?"
                placeholder="City, State"
                autoComplete="address-level2"
                error={errors.location?.message}
                {...form.register('location')}
              />
              <TextareaField
                label="Why do you want to become a data center technician?"
                error={errors.motivation?.message}
                {...form.register('motivation')}
              />
              <SubmitButton
                submitting={submitting}
                label="Submit Answers"
                size="lg"
                className="w-full"
              />
            </form>
          </>
        )}
      </main>
      <LazyToaster />
    </div>
  );
}
