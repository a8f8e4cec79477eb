import { useNavigate } from 'react-router';
import { companyEmailLeadSchema } from '@shared/schemas/company';
import { useLeadForm } from '../../components/forms/use-lead-form';
import { SubmitButton } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { postJson } from '../../lib/api';
import { leadAttribution } from '../../lib/attribution';
import { session } from '../../lib/session-keys';
import { toast } from '../../lib/toast-store';
import { toasts } from '../../lib/toast-messages';
import { formLead } from '../../lib/tracking/lead-events';
import { track } from '../../lib/tracking/tracker';

/** /companies 'Request Talent Info': work e-mail and company, then /hiring. */
export function TalentInfoForm() {
  const navigate = useNavigate();
  const { field, onSubmit, submitting } = useLeadForm({
    schema: companyEmailLeadSchema,
    submit: (lead) =>
      postJson('/api/companies/email', { ...lead, attribution: leadAttribution('/companies') }),
    onSuccess: (lead) => {
      track(formLead('company_talent_info'));
      toast(toasts.companyEmailReceived);
      session.set('employerEmail', lead.email);
      session.set('employerCompany', lead.company);
      void navigate('/hiring');
    },
    failureToast: toasts.companyFailed,
  });
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-5">
      <TextField
        label="Work email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        {...field('email')}
      />
      <TextField label="Company name" autoComplete="organization" {...field('company')} />
      <SubmitButton submitting={submitting} label="Get Talent Info" size="lg" className="w-full" />
    </form>
  );
}
