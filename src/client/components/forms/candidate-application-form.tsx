import {
  candidateApplicationSchema,
  contactCandidateSchema,
  type CandidateApplication,
} from '@shared/schemas/candidate';
import { toasts } from '../../lib/toast-messages';
import { candidateEmail } from './field-list';
import { withDeclaredFields } from './declared-fields';
import { FormShell, type SharedLeadFormProps } from './form-shell';
import { announceLead } from './use-lead-form';

/** Which rules apply: /apply asks at least 1 character for names and location, /contact 2. */
const schemas = { apply: candidateApplicationSchema, contact: contactCandidateSchema } as const;

const fields = withDeclaredFields<keyof CandidateApplication>('candidate-application', [
  { name: 'firstName', prefill: 'candidateFirstName' },
  { name: 'lastName', prefill: 'candidateLastName' },
  candidateEmail,
  { name: 'phone', type: 'tel', prefill: 'candidatePhone' },
  { name: 'location', placeholder: 'City, State', wide: true },
  { name: 'educationLevel', placeholder: 'Select your education level' },
  { name: 'techExperience', placeholder: 'Select your experience level' },
]);

/** /apply and the /contact candidate tab: 'Application Submitted!' once the server answered OK. */
export function CandidateApplicationForm(
  props: SharedLeadFormProps<keyof typeof schemas, CandidateApplication>,
) {
  return (
    <FormShell
      schema={schemas[props.rules]}
      post={{ action: '/api/candidates/submit', page: props.page }}
      onSuccess={announceLead(
        'candidate_application',
        toasts.applicationSubmitted,
        props.onSubmitted,
      )}
      failureToast={toasts.applicationFailed}
      labels={props}
      wide
      fields={fields}
      prefill={props.prefillFromSession ?? false}
    />
  );
}
