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

/** The fields of /hiring (the company page) and /contact, with that page's two option lists;
    labels and the optional comments as lead-fields.ts declares them. */
const fieldsOf = ({ sizes, timelines }: (typeof companyRequestLists)[keyof typeof variants]) =>
  withDeclaredFields<keyof HiringRequest>('company-request', [
    { name: 'name' },
    { name: 'title' },
    {
      name: 'email',
      label: 'Work email',
      type: 'email',
      prefill: 'employerEmail',
      locked: earlier,
    },
    { name: 'phone', type: 'tel' },
    { name: 'company', prefill: 'employerCompany', locked: earlier },
    { name: 'companySize', placeholder: 'Select company size', options: sizes },
    { name: 'timeline', placeholder: 'Select a timeline', options: timelines },
    {
      name: 'talentNeeds',
      placeholder: 'Roles, number of technicians, locations, shifts...',
      rows: 4,
    },
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
