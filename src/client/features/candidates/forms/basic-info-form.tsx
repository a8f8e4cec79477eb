import { useNavigate } from 'react-router';
import { candidateBasicInfoSchema } from '@shared/schemas/candidate';
import { announceLead, useLeadForm } from '../../../components/forms/use-lead-form';
import { useSessionPrefill } from '../../../components/forms/use-session-prefill';
import { FormShell } from '../../../components/forms/form-shell';
import { EmailField, TextField } from '../../../components/ui/form-field';
import { session } from '../../../lib/session-keys';
import { toasts } from '../../../lib/toast-messages';

/**
 * /candidates 'Get Started Today': names, e-mail and an optional phone. On success the
 * visitor's details are kept for the session and the questionnaire (/typeform) follows.
 */
export function BasicInfoForm() {
  const navigate = useNavigate();
  const leadForm = useLeadForm({
    schema: candidateBasicInfoSchema,
    post: { action: '/api/candidates/basic-info', page: '/candidates' },
    onSuccess: announceLead('candidate_basic_info', toasts.candidateInfoReceived, (values) => {
      session.set('candidateFirstName', values.firstName);
      session.set('candidateLastName', values.lastName);
      session.set('candidateEmail', values.email);
      if (values.phone) session.set('candidatePhone', values.phone);
      else session.remove('candidatePhone');
      void navigate('/typeform');
    }),
    failureToast: toasts.candidateInfoFailed,
  });
  const { form, field } = leadForm;
  const storedEmail = useSessionPrefill(form, 'email', 'candidateEmail');

  return (
    <FormShell
      leadForm={leadForm}
      labels={{ submitLabel: 'Continue to Application' }}
      className="grid gap-4"
      submitClassName="mt-2 w-full"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <EmailField readOnly={Boolean(storedEmail)} {...field('email', storedEmail)} />
      <TextField label="Phone" optional type="tel" autoComplete="tel" {...field('phone')} />
    </FormShell>
  );
}
