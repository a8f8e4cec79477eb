import { educationLevels, techExperienceLevels } from '@shared/enums';
import { candidateApplicationSchema, contactCandidateSchema } from '@shared/schemas/candidate';
import { postJson } from '../../lib/api';
import { leadAttribution } from '../../lib/attribution';
import { toast } from '../../lib/toast-store';
import { toasts } from '../../lib/toast-messages';
import { formLead } from '../../lib/tracking/lead-events';
import { track } from '../../lib/tracking/tracker';
import { SubmitButton } from '../ui/button';
import { SelectField, TextareaField, TextField } from '../ui/form-field';
import { useLeadForm } from './use-lead-form';
import { useSessionPrefill } from './use-session-prefill';

/** Which rules apply: /apply asks at least 1 character for names and location, /contact 2. */
const schemas = { apply: candidateApplicationSchema, contact: contactCandidateSchema } as const;

/** The application as sent to POST /api/candidates/submit. */
export interface CandidateApplication {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  location: string;
  educationLevel: string;
  techExperience: string;
  reason: string;
}

/**
 * The full candidate application of /apply and the /contact candidate tab. Sends it to
 * POST /api/candidates/submit and shows 'Application Submitted!' only once the server answered
 * OK. With `prefillFromSession`, details typed on an earlier page are filled in and a stored
 * e-mail is read-only (the lead it belongs to already exists).
 */
export function CandidateApplicationForm({
  rules,
  page,
  submitLabel,
  busyLabel,
  prefillFromSession = false,
  onSubmitted,
}: {
  rules: keyof typeof schemas;
  /** The page that captured the lead (attribution). */
  page: string;
  submitLabel: string;
  busyLabel?: string;
  prefillFromSession?: boolean;
  onSubmitted: (application: CandidateApplication) => void;
}) {
  const { form, field, onSubmit, submitting } = useLeadForm({
    schema: schemas[rules],
    submit: (application) =>
      postJson('/api/candidates/submit', { ...application, attribution: leadAttribution(page) }),
    onSuccess: (application) => {
      track(formLead('candidate_application'));
      toast(toasts.applicationSubmitted);
      onSubmitted(application);
    },
    failureToast: toasts.applicationFailed,
  });
  const storedEmail = useSessionPrefill(form, 'email', 'candidateEmail', prefillFromSession);
  useSessionPrefill(form, 'firstName', 'candidateFirstName', prefillFromSession);
  useSessionPrefill(form, 'lastName', 'candidateLastName', prefillFromSession);
  useSessionPrefill(form, 'phone', 'candidatePhone', prefillFromSession);

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
      <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
      <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        readOnly={Boolean(storedEmail)}
        {...field('email')}
      />
      <TextField label="Phone" type="tel" autoComplete="tel" optional {...field('phone')} />
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
      <SubmitButton
        submitting={submitting}
        label={submitLabel}
        busyLabel={busyLabel}
        size="lg"
        className="w-full sm:col-span-2"
      />
    </form>
  );
}
