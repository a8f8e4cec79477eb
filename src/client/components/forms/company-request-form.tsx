import {
  companySizes,
  contactCompanySizes,
  contactTimelines,
  hiringTimelines,
} from '@shared/enums';
import { contactEmployerSchema, hiringRequestSchema } from '@shared/schemas/company';
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

/** /hiring (the company page) and /contact ask the same fields with their own rules and lists. */
const variants = {
  hiring: { schema: hiringRequestSchema, sizes: companySizes, timelines: hiringTimelines },
  contact: {
    schema: contactEmployerSchema,
    sizes: contactCompanySizes,
    timelines: contactTimelines,
  },
} as const;

/** The company request as sent to POST /api/companies/submit. */
export interface CompanyRequest {
  email: string;
  name: string;
  title: string;
  company: string;
  companySize: string;
  talentNeeds: string;
  timeline: string;
  comments: string;
}

/**
 * The company request form of /hiring and the /contact employer tab. Sends the request to
 * POST /api/companies/submit and shows 'Request Received!' only once the server answered OK.
 * A prefilled e-mail or company (from the /companies step) is shown read-only.
 */
export function CompanyRequestForm({
  rules,
  page,
  submitLabel,
  busyLabel,
  prefillFromSession = false,
  onSubmitted,
}: {
  rules: keyof typeof variants;
  /** The page that captured the lead (attribution). */
  page: string;
  submitLabel: string;
  busyLabel?: string;
  /** Fill in (read-only) the e-mail and company given on /companies. */
  prefillFromSession?: boolean;
  onSubmitted: (request: CompanyRequest) => void;
}) {
  const { form, field, onSubmit, submitting } = useLeadForm({
    schema: variants[rules].schema,
    submit: (request) =>
      postJson('/api/companies/submit', { ...request, attribution: leadAttribution(page) }),
    onSuccess: (request) => {
      track(formLead('company_request'));
      toast(toasts.requestReceived);
      onSubmitted(request);
    },
    failureToast: toasts.companyFailed,
  });
  const prefilledEmail = useSessionPrefill(form, 'email', 'employerEmail', prefillFromSession);
  const prefilledCompany = useSessionPrefill(
    form,
    'company',
    'employerCompany',
    prefillFromSession,
  );
  const { sizes: sizeOptions, timelines: timelineOptions } = variants[rules];

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
      <TextField label="Your name" autoComplete="name" {...field('name')} />
      <TextField label="Job title" autoComplete="organization-title" {...field('title')} />
      <TextField
        label="Work email"
        type="email"
        autoComplete="email"
        readOnly={Boolean(prefilledEmail)}
        hint={prefilledEmail ? 'From your earlier request' : undefined}
        {...field('email')}
      />
      <TextField
        label="Company name"
        autoComplete="organization"
        readOnly={Boolean(prefilledCompany)}
        hint={prefilledCompany ? 'From your earlier request' : undefined}
        {...field('company')}
      />
      <SelectField
        label="Company size"
        placeholder="Select company size"
        options={sizeOptions}
        {...field('companySize')}
      />
      <SelectField
        label="Hiring timeline"
        placeholder="Select a timeline"
        options={timelineOptions}
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
