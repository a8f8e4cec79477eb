import { useNavigate } from 'react-router';
import { candidateBasicInfoSchema } from '@shared/schemas/candidate';
import { useLeadForm } from '../../../components/forms/use-lead-form';
import { useSessionPrefill } from '../../../components/forms/use-session-prefill';
import { SubmitButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { session } from '../../../lib/session-keys';
import { toast } from '../../../lib/toast-store';
import { toasts } from '../../../lib/toast-messages';
import { formLead } from '../../../lib/tracking/lead-events';
import { track } from '../../../lib/tracking/tracker';
import { submitBasicInfo } from '../candidate-api';

/**
 * /candidates 'Get Started Today': names, e-mail and an optional phone. On success the
 * visitor's details are kept for the session and the questionnaire (/typeform) follows.
 */
export function BasicInfoForm() {
  const navigate = useNavigate();
  const { form, field, onSubmit, submitting } = useLeadForm({
    schema: candidateBasicInfoSchema,
    submit: submitBasicInfo,
    onSuccess: (values) => {
      track(formLead('candidate_basic_info'));
      toast(toasts.candidateInfoReceived);
      session.set('candidateFirstName', values.firstName);
      session.set('candidateLastName', values.lastName);
      session.set('candidateEmail', values.email);
      if (values.phone) session.set('candidatePhone', values.phone);
      else session.remove('candidatePhone');
      void navigate('/typeform');
    },
    failureToast: toasts.candidateInfoFailed,
  });
  const storedEmail = useSessionPrefill(form, 'email', 'candidateEmail');

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        readOnly={Boolean(storedEmail)}
        {...field('email')}
      />
      <TextField label="Phone" optional type="tel" autoComplete="tel" {...field('phone')} />
      <SubmitButton
        submitting={submitting}
        label="Continue to Application"
        size="lg"
        className="mt-2 w-full"
      />
    </form>
  );
}
