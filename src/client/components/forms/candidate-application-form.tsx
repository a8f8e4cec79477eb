import type { $ZodType } from 'zod/v4/core';
import { educationLevels, techExperienceLevels } from '@shared/enums';
import { postJson } from '../../lib/api';
import { leadAttribution } from '../../lib/attribution';
import { toast } from '../../lib/toast-store';
import { toasts } from '../../lib/toast-messages';
import { SubmitButton } from '../ui/button';
import { SelectField, TextareaField, TextField } from '../ui/form-field';
import { useLeadForm } from './use-lead-form';

/** The full candidate application of spec section 3, as typed in. */
export interface CandidateApplicationInput {
  email: string;
  firstName: string;
  lastName: string;
  phone?: string | undefined;
  location: string;
  educationLevel: string;
  techExperience: string;
  reason?: string | undefined;
}

/** The application as sent to POST /api/candidates/submit (phone and reason '' when absent). */
export type CandidateApplication = Required<CandidateApplicationInput>;

/** candidateApplicationSchema (/apply) or contactCandidateSchema (/contact). */
export type CandidateApplicationSchema = $ZodType<CandidateApplication, CandidateApplicationInput>;

const emptyApplication: CandidateApplicationInput = {
  email: '',
  firstName: '',
  lastName: '',
  phone: '',
  location: '',
  educationLevel: '',
  techExperience: '',
  reason: '',
};

/**
 * The full candidate application (the /contact candidate tab; the same payload as /apply).
 * Sends it to POST /api/candidates/submit and shows 'Application Submitted!' only once the
 * server answered OK.
 */
export function CandidateApplicationForm({
  schema,
  page,
  submitLabel,
  busyLabel,
  onSubmitted,
}: {
  schema: CandidateApplicationSchema;
  /** The page that captured the lead (attribution). */
  page: string;
  submitLabel: string;
  busyLabel?: string;
  onSubmitted: (application: CandidateApplication) => void;
}) {
  const { form, onSubmit, submitting } = useLeadForm({
    schema,
    defaultValues: emptyApplication,
    submit: (application) =>
      postJson('/api/candidates/submit', { ...application, attribution: leadAttribution(page) }),
    onSuccess: (application) => {
      toast(toasts.applicationSubmitted);
      onSubmitted(application);
    },
    failureToast: toasts.applicationFailed,
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
      <TextField
        label="First name"
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...register('lastName')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        optional
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label="Location"
        autoComplete="address-level2"
        placeholder="City, State"
        containerClassName="sm:col-span-2"
        error={errors.location?.message}
        {...register('location')}
      />
      <SelectField
        label="Education level"
        placeholder="Select your education level"
        options={educationLevels}
        error={errors.educationLevel?.message}
        {...register('educationLevel')}
      />
      <SelectField
        label="Tech experience"
        placeholder="Select your experience level"
        options={techExperienceLevels}
        error={errors.techExperience?.message}
        {...register('techExperience')}
      />
      <TextareaField
        label="Why are you interested in becoming a data center technician?"
        optional
        rows={3}
        containerClassName="sm:col-span-2"
        error={errors.reason?.message}
        {...register('reason')}
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
