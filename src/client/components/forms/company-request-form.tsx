import {
  companySizes,
  contactCompanySizes,
  contactTimelines,
  hiringTimelines,
} from '@shared/enums';
import {
  contactEmployerSchema,
  hiringRequestSchema,
  type ContactEmployer,
  type HiringRequest,
} from '@shared/schemas/company';
import { toasts } from '../../lib/toast-messages';
import { EmailField, SelectField, TextareaField, TextField } from '../ui/form-field';
import { FormShell, type SharedLeadFormProps } from './form-shell';
import { announceLead, useLeadForm } from './use-lead-form';
import { useSessionPrefill } from './use-session-prefill';

/** /hiring (the company page) and /contact ask the same fields with their own rules and lists. */
const variants = {
  hiring: { schema: hiringRequestSchema, sizes: companySizes, timelines: hiringTimelines },
  contact: {
    schema: contactEmployerSchema,
    sizes: contactCompanySizes,
    timelines: contactTimelines,
  },
} as const;

/** A field filled in from the /companies step: read-only, saying where its value came from. */
const fromEarlierRequest = (prefilled: string | null) => ({
  readOnly: Boolean(prefilled),
  hint: prefilled ? 'From your earlier request' : undefined,
});

/**
 * The company request form of /hiring and the /contact employer tab. Sends the request to
 * POST /api/companies/submit and shows 'Request Received!' only once the server answered OK.
 * A prefilled e-mail or company (from the /companies step, with `prefillFromSession`) is shown
 * read-only.
 */
export function CompanyRequestForm(
  props: SharedLeadFormProps<keyof typeof variants, HiringRequest | ContactEmployer>,
) {
  const { page, prefillFromSession = false } = props;
  const { schema, sizes, timelines } = variants[props.rules];
  const leadForm = useLeadForm({
    schema,
    post: { action: '/api/companies/submit', page },
    onSuccess: announceLead('company_request', toasts.requestReceived, props.onSubmitted),
    failureToast: toasts.companyFailed,
  });
  const { form, field } = leadForm;
  const email = useSessionPrefill(form, 'email', 'employerEmail', prefillFromSession);
  const company = useSessionPrefill(form, 'company', 'employerCompany', prefillFromSession);

  return (
    <FormShell leadForm={leadForm} labels={props} wide>
      <TextField label="Your name" autoComplete="name" {...field('name')} />
      <TextField label="Job title" autoComplete="organization-title" {...field('title')} />
      <EmailField label="Work email" {...fromEarlierRequest(email)} {...field('email', email)} />
      <TextField
        label="Company name"
        autoComplete="organization"
        {...fromEarlierRequest(company)}
        {...field('company', company)}
      />
      <SelectField
        label="Company size"
        placeholder="Select company size"
        options={sizes}
        {...field('companySize')}
      />
      <SelectField
        label="Hiring timeline"
        placeholder="Select a timeline"
        options={timelines}
        {...field('timeline')}
      />
      <TextareaField
        label="Talent needs"
        containerClassName="sm:col-span-2"
        placeholder="Roles, number of technicians, locations, shifts..."
        {...field('talentNeeds')}
      />
      <TextareaField
        label="Additional comments"
        optional
        rows={3}
        containerClassName="sm:col-span-2"
        {...field('comments')}
      />
    </FormShell>
  );
}
