import { useNavigate } from 'react-router';
import { educationLevels, techExperienceLevels } from '@shared/enums';
import { candidateApplicationSchema } from '@shared/schemas/candidate';
import { useLeadForm } from '../../../components/forms/use-lead-form';
import { useSessionPrefill } from '../../../components/forms/use-session-prefill';
import { SubmitButton } from '../../../components/ui/button';
import { SelectField, TextareaField, TextField } from '../../../components/ui/form-field';
import { toast } from '../../../lib/toast-store';
import { toasts } from '../../../lib/toast-messages';
import { submitApplication } from '../candidate-api';

/**
 * /apply 'Apply for Training': the full application. Details typed on an earlier page are
 * filled in; a stored e-mail is shown read-only, as the lead it belongs to already exists.
 */
export function ApplicationForm() {
  const navigate = useNavigate();
  const { form, onSubmit, submitting } = useLeadForm({
    schema: candidateApplicationSchema,
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      phone: '',
      location: '',
      reason: '',
    },
    submit: submitApplication,
    onSuccess: () => {
      toast(toasts.applicationSubmitted);
      void navigate('/thank-you');
    },
    failureToast: toasts.applicationFailed,
  });
  const storedEmail = useSessionPrefill(form, 'email', 'candidateEmail');
  useSessionPrefill(form, 'firstName', 'candidateFirstName');
  useSessionPrefill(form, 'lastName', 'candidateLastName');
  useSessionPrefill(form, 'phone', 'candidatePhone');
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        readOnly={Boolean(storedEmail)}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Phone"
          optional
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextField
          label="Location"
          placeholder="City, State"
          autoComplete="address-level2"
          error={errors.location?.message}
          {...form.register('location')}
        />
      </div>
      <SelectField
        label="Highest level of education"
        options={educationLevels}
        error={errors.educationLevel?.message}
        {...form.register('educationLevel')}
      />
      <SelectField
        label="Technical experience"
        options={techExperienceLevels}
        error={errors.techExperience?.message}
        {...form.register('techExperience')}
      />
      <TextareaField
        label="Why are you interested in the programme?"
        optional
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <SubmitButton
        submitting={submitting}
        label="Submit Application"
        size="lg"
        className="mt-2 w-full"
      />
    </form>
  );
}
