import { useNavigate } from 'react-router';
import { companyEmailLeadSchema } from '@shared/schemas/company';
import { FormShell } from '../../components/forms/form-shell';
import { announceLead } from '../../components/forms/use-lead-form';
import { session } from '../../lib/session-keys';
import { toasts } from '../../lib/toast-messages';

/** /companies 'Request Talent Info': work e-mail and company, then /hiring. */
export function TalentInfoForm() {
  const navigate = useNavigate();
  return (
    <FormShell
      schema={companyEmailLeadSchema}
      post={{ action: '/api/companies/email', page: '/companies' }}
      onSuccess={announceLead('company_talent_info', toasts.companyEmailReceived, (values) => {
        session.set('employerEmail', values.email);
        session.set('employerCompany', values.company);
        void navigate('/hiring');
      })}
      failureToast={toasts.companyFailed}
      labels={{ submitLabel: 'Get Talent Info' }}
      fields={[
        { name: 'email', label: 'Work email', type: 'email', placeholder: 'you@company.com' },
        { name: 'company', label: 'Company name', autoComplete: 'organization' },
      ]}
      className="grid gap-5"
    />
  );
}
