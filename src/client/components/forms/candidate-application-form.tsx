import { educationLevels, techExperienceLevels } from '@shared/enums';
import {
  candidateApplicationSchema,
  contactCandidateSchema,
  type CandidateApplication,
} from '@shared/schemas/candidate';
import { toasts } from '../../lib/toast-messages';
import { EmailField, SelectField, TextareaField, TextField } from '../ui/form-field';
import { FormShell, type SharedLeadFormProps } from './form-shell';
import { announceLead, useLeadForm } from './use-lead-form';
import { useSessionPrefill } from './use-session-prefill';

/** Which rules apply: /apply asks at least 1 character for names and location, /contact 2. */
const schemas = { apply: candidateApplicationSchema, contact: contactCandidateSchema } as const;

/**
 * The full candidate application of /apply and the /contact candidate tab. Sends it to
 * POST /api/candidates/submit and shows 'Application Submitted!' only once the server answered
 * OK. With `prefillFromSession`, details typed on an earlier page are filled in and a stored
 * e-mail is read-only (the lead it belongs to already exists).
 */
export function CandidateApplicationForm(
  props: SharedLeadFormProps<keyof typeof schemas, CandidateApplication>,
) {
  const { page, prefillFromSession = false } = props;
  const leadForm = useLeadForm({
    schema: schemas[props.rules],
    post: { action: '/api/candidates/submit', page },
    onSuccess: announceLead(
      'candidate_application',
      toasts.applicationSubmitted,
      props.onSubmitted,
    ),
    failureToast: toasts.applicationFailed,
  });
  const { form, field } = leadForm;
  const storedEmail = useSessionPrefill(form, 'email', 'candidateEmail', prefillFromSession);
  const firstName = useSessionPrefill(form, 'firstName', 'candidateFirstName', prefillFromSession);
  const lastName = useSessionPrefill(form, 'lastName', 'candidateLastName', prefillFromSession);
  const phone = useSessionPrefill(form, 'phone', 'candidatePhone', prefillFromSession);

  return (
    <FormShell leadForm={leadForm} labels={props} wide>
      <TextField label="First name" autoComplete="given-name" {...field('firstName', firstName)} />
      <TextField label="Last name" autoComplete="family-name" {...field('lastName', lastName)} />
      <EmailField readOnly={Boolean(storedEmail)} {...field('email', storedEmail)} />
      <TextField label="Phone" type="tel" autoComplete="tel" optional {...field('phone', phone)} />
      <TextField
        label="Location"
        autoComplete="address-level2"
        placeholder="City, State"
        containerClassName="sm:col-span-2"
        {...field('location')}
      />
      <SelectField
        label="Education level"
        placeholder="Select your education level"
        options={educationLevels}
        {...field('educationLevel')}
      />
      <SelectField
        label="Tech experience"
        placeholder="Select your experience level"
        options={techExperienceLevels}
        {...field('techExperience')}
      />
      <TextareaField
        label="Why are you interested in becoming a data center technician?"
        optional
        rows={3}
        containerClassName="sm:col-span-2"
        {...field('reason')}
      />
    </FormShell>
  );
}
