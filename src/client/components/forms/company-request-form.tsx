import { companyRequestLists } from '@shared/enums';
import {
  contactEmployerSchema,
  hiringRequestSchema,
  type ContactEmployer,
  type HiringRequest,
} from '@shared/schemas/company';
import { toasts } from '../../lib/toast-messages';
import { withDeclaredFields } from './declared-fields';
import { FormShell, type SharedLeadFormProps } from './form-shell';
import { announceLead } from './use-lead-form';

/** A field filled in from the /companies step says where its value came from. */
const earlier = 'From your earlier request';

/** The fields of /hiring (the company page) and /contact, with that page's two option lists. */
const fieldsOf = ({ sizes, timelines }: (typeof companyRequestLists)[keyof typeof variants]) =>
  withDeclaredFields<keyof HiringRequest>('company-request', [
    { name: 'name', label: 'Your name', autoComplete: 'name' },
    { name: 'title', label: 'Job title', autoComplete: 'organization-title' },
    {
      name: 'email',
      label: 'Work email',
      type: 'email',
      prefill: 'employerEmail',
      locked: earlier,
    },
    { name: 'phone', label: 'Direct phone', type: 'tel', autoComplete: 'tel' },
    {
      name: 'company',
      label: 'Company name',
      autoComplete: 'organization',
      prefill: 'employerCompany',
      locked: earlier,
    },
    { name: 'companySize', placeholder: 'Select company size', options: sizes },
    {
      name: 'timeline',
      label: 'Hiring timeline',
      placeholder: 'Select a timeline',
      options: timelines,
    },
    {
      name: 'talentNeeds',
      placeholder: 'Roles, number of technicians, locations, shifts...',
      rows: 4,
      wide: true,
    },
    { name: 'comments', label: 'Additional comments', optional: true, rows: 3, wide: true },
  ]);

const variants = { hiring: hiringRequestSchema, contact: contactEmployerSchema } as const;

/** /hiring and the /contact employer tab: 'Request Received!' once the server answered OK. */
export function CompanyRequestForm(
  props: SharedLeadFormProps<keyof typeof variants, HiringRequest | ContactEmployer>,
) {
  return (
    <FormShell
      schema={variants[props.rules]}
      post={{ action: '/api/companies/submit', page: props.page }}
      onSuccess={announceLead('company_request', toasts.requestReceived, props.onSubmitted)}
      failureToast={toasts.companyFailed}
      labels={props}
      wide
      fields={fieldsOf(companyRequestLists[props.rules])}
      prefill={props.prefillFromSession ?? false}
    />
  );
}
