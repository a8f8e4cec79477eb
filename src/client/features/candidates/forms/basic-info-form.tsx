import { useNavigate } from 'react-router';
import { candidateBasicInfoSchema } from '@shared/schemas/candidate';
import { announceLead } from '../../../components/forms/use-lead-form';
import { FormShell } from '../../../components/forms/form-shell';
import { withDeclaredFields } from '../../../components/forms/declared-fields';
import { candidateEmail } from '../../../components/forms/field-list';
import { session } from '../../../lib/session-keys';
import { toasts } from '../../../lib/toast-messages';

const fields = withDeclaredFields('candidate-basic-info', [
  { name: 'firstName' },
  { name: 'lastName' },
  { ...candidateEmail, wide: true },
  { name: 'phone', type: 'tel', wide: true },
]);

/** /candidates 'Get Started Today': kept for the session, then the questionnaire (/typeform). */
export function BasicInfoForm() {
  const navigate = useNavigate();
  return (
    <FormShell
      schema={candidateBasicInfoSchema}
      post={{ action: '/api/candidates/basic-info', page: '/candidates' }}
      onSuccess={announceLead('candidate_basic_info', toasts.candidateInfoReceived, (values) => {
        session.set('candidateFirstName', values.firstName);
        session.set('candidateLastName', values.lastName);
        session.set('candidateEmail', values.email);
        if (values.phone) session.set('candidatePhone', values.phone);
        else session.remove('candidatePhone');
        void navigate('/typeform');
      })}
      failureToast={toasts.candidateInfoFailed}
      labels={{ submitLabel: 'Continue to Application' }}
      fields={fields}
      className="grid gap-4 sm:grid-cols-2"
      submitClassName="mt-2 w-full sm:col-span-2"
    />
  );
}
