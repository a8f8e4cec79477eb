import { useEffect } from 'react';
import type { $ZodType } from 'zod/v4/core';
import { postJson } from '../../lib/api';
import { leadAttribution } from '../../lib/attribution';
import { toast } from '../../lib/toast-store';
import { toasts } from '../../lib/toast-messages';
import { SubmitButton } from '../ui/button';
import { SelectField, TextareaField, TextField, type Option } from '../ui/form-field';
import { useLeadForm } from './use-lead-form';

/** The company request of spec section 3, as typed in (comments may be left out). */
export interface CompanyRequestInput {
  email: string;
  name: string;
  title: string;
  company: string;
  companySize: string;
  talentNeeds: string;
  timeline: string;
  comments?: string | undefined;
}

/** The company request as sent to POST /api/companies/submit. */
export type CompanyRequest = Required<CompanyRequestInput>;

/** hiringRequestSchema (/hiring) or contactEmployerSchema (/contact): same fields, own rules. */
export type CompanyRequestSchema = $ZodType<CompanyRequest, CompanyRequestInput>;

const emptyRequest: CompanyRequestInput = {
  email: '',
  name: '',
  title: '',
  company: '',
  companySize: '',
  talentNeeds: '',
  timeline: '',
  comments: '',
};

/**
 * The company request form of /hiring and the /contact employer tab. Sends the request to
 * POST /api/companies/submit and shows 'Request Received!' only once the server answered OK.
 * A prefilled e-mail or company (from the /companies step) is shown read-only.
 */
export function CompanyRequestForm({
  schema,
  sizeOptions,
  timelineOptions,
  page,
  submitLabel,
  busyLabel,
  prefill,
  onSubmitted,
}: {
  schema: CompanyRequestSchema;
  sizeOptions: readonly Option[];
  timelineOptions: readonly Option[];
  /** The page that captured the lead (attribution). */
  page: string;
  submitLabel: string;
  busyLabel?: string;
  /** Values the visitor already gave; read-only when present. */
  prefill?: { email: string | null; company: string | null };
  onSubmitted: (request: CompanyRequest) => void;
}) {
  const { form, onSubmit, submitting } = useLeadForm({
    schema,
    defaultValues: emptyRequest,
    submit: (request) =>
      postJson('/api/companies/submit', { ...request, attribution: leadAttribution(page) }),
    onSuccess: (request) => {
      toast(toasts.requestReceived);
      onSubmitted(request);
    },
    failureToast: toasts.companyFailed,
  });
  const {
    register,
    setValue,
    formState: { errors },
  } = form;

  const prefilledEmail = prefill?.email ?? null;
  const prefilledCompany = prefill?.company ?? null;
  useEffect(() => {
    if (prefilledEmail) setValue('email', prefilledEmail);
    if (prefilledCompany) setValue('company', prefilledCompany);
  }, [prefilledEmail, prefilledCompany, setValue]);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
      <TextField
        label="Your name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Job title"
        autoComplete="organization-title"
        error={errors.title?.message}
        {...register('title')}
      />
      <TextField
        label="Work email"
        type="email"
        autoComplete="email"
        readOnly={Boolean(prefilledEmail)}
        hint={prefilledEmail ? 'From your earlier request' : undefined}
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Company name"
        autoComplete="organization"
        readOnly={Boolean(prefilledCompany)}
        hint={prefilledCompany ? 'From your earlier request' : undefined}
        error={errors.company?.message}
        {...register('company')}
      />
      <SelectField
        label="Company size"
        placeholder="Select company size"
        options={sizeOptions}
        error={errors.companySize?.message}
        {...register('companySize')}
      />
      <SelectField
        label="Hiring timeline"
        placeholder="Select a timeline"
        options={timelineOptions}
        error={errors.timeline?.message}
        {...register('timeline')}
      />
      <TextareaField
        label="Talent needs"
        containerClassName="sm:col-span-2"
        placeholder="Roles, number of technicians, locations, shifts..."
        error={errors.talentNeeds?.message}
        {...register('talentNeeds')}
      />
      <TextareaField
        label="Additional comments"
        optional
        rows={3}
        containerClassName="sm:col-span-2"
        error={errors.comments?.message}
        {...register('comments')}
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
