import { useNavigate } from 'react-router';
import type { LandingVariant } from '@shared/enums';
import { candidateEmailLeadSchema } from '@shared/schemas/candidate';
import { FormShell } from '../../../components/forms/form-shell';
import { candidateEmail } from '../../../components/forms/field-list';
import { session } from '../../../lib/session-keys';
import { toast } from '../../../lib/toast-store';
import { toasts } from '../../../lib/toast-messages';
import { emailCaptureEvents } from '../../../lib/tracking/lead-events';
import { submissionEventId } from '../../../lib/tracking/submission-event';
import { track } from '../../../lib/tracking/tracker';

/** The e-mail-only form of /career and /training (page and variant recorded), then /apply. */
export function EmailLeadForm({
  page,
  variant,
  submitLabel,
}: {
  page: string;
  variant: LandingVariant;
  submitLabel: string;
}) {
  const navigate = useNavigate();
  return (
    <FormShell
      schema={candidateEmailLeadSchema}
      post={{ action: '/api/candidates/email', page, variant }}
      onSuccess={(values) => {
        emailCaptureEvents(variant, submissionEventId()).forEach(track);
        toast(toasts.emailReceived);
        session.set('candidateEmail', values.email);
        void navigate('/apply');
      }}
      failureToast={toasts.emailFailed}
      labels={{ submitLabel }}
      fields={[{ ...candidateEmail, placeholder: 'Your email address' }]}
      className="grid gap-4"
    />
  );
}
