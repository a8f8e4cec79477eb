import type { $ZodType } from 'zod/v4/core';
import type { LandingVariant } from '@shared/enums';
import {
  candidateApplicationSchema,
  candidateBasicInfoSchema,
  candidateEmailLeadSchema,
  contactCandidateSchema,
} from '@shared/schemas/candidate';
import {
  companyEmailLeadSchema,
  contactEmployerSchema,
  hiringRequestSchema,
} from '@shared/schemas/company';
import { questionnaireSchema } from '@shared/schemas/questionnaire';

type Values = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A form posted without JavaScript (decision 090): endpoint, page and where the browser goes. */
export interface HtmlForm {
  action: string;
  /** attribution.page, as the JS flow sends it; where an invalid post goes back to. */
  page: string;
  /** The page's own schema: its rules and its messages (the endpoint's may be wider). */
  schema: $ZodType;
  variant?: LandingVariant;
  /** The route that renders the form, when not `page` (the questionnaire inside /typeform). */
  at?: string;
  /** The 303's Location once stored: the spec's next page. */
  next: string;
  /** The session-storage changes the JS flow makes on success (null: removed). */
  prefill?: (values: Values) => Record<string, string | null>;
  /** For a confirmation shown in the form's place: the name it thanks. */
  sentBy?: (values: Values) => string;
}

const candidateEmail = (page: string, variant: LandingVariant): HtmlForm => ({
  action: '/api/candidates/email',
  page,
  variant,
  schema: candidateEmailLeadSchema,
  next: '/apply',
  prefill: (values) => ({ candidateEmail: text(values.email) }),
});

/** Every public form, as in the spec's JS flow (sections 4 and 5). */
export const htmlForms: readonly HtmlForm[] = [
  candidateEmail('/career', 'free_training'),
  candidateEmail('/training', 'high_salary'),
  {
    action: '/api/candidates/basic-info',
    page: '/candidates',
    schema: candidateBasicInfoSchema,
    next: '/typeform',
    prefill: (values) => ({
      candidateFirstName: text(values.firstName),
      candidateLastName: text(values.lastName),
      candidateEmail: text(values.email),
      candidatePhone: text(values.phone) || null,
    }),
  },
  {
    action: '/api/candidates/questionnaire',
    page: '/typeform',
    at: '/questionnaire',
    schema: questionnaireSchema,
    next: '/thank-you',
    prefill: () => ({ typeformCompleted: 'true', filloutCompleted: 'true' }),
  },
  {
    action: '/api/candidates/submit',
    page: '/apply',
    schema: candidateApplicationSchema,
    next: '/thank-you',
  },
  {
    action: '/api/candidates/submit',
    page: '/contact',
    schema: contactCandidateSchema,
    next: '/contact',
    sentBy: (values) => text(values.firstName),
  },
  {
    action: '/api/companies/email',
    page: '/companies',
    schema: companyEmailLeadSchema,
    next: '/hiring',
    prefill: (values) => ({
      employerEmail: text(values.email),
      employerCompany: text(values.company),
    }),
  },
  {
    action: '/api/companies/submit',
    page: '/hiring',
    schema: hiringRequestSchema,
    next: '/hiring',
    sentBy: (values) => text(values.name),
  },
  {
    action: '/api/companies/submit',
    page: '/contact',
    schema: contactEmployerSchema,
    next: '/contact',
    sentBy: (values) => text(values.name),
  },
];

export const formRoute = (form: HtmlForm) => form.at ?? form.page;

/** The post's form: by its hidden `page` field, else the Referer, else the endpoint's first. */
export function formOf(action: string, page: unknown, referer: string | undefined) {
  const forms = htmlForms.filter((form) => form.action === action);
  const byPage = forms.find((form) => form.page === page);
  if (byPage) return byPage;
  const from = referer ? URL.parse(referer)?.pathname : undefined;
  return forms.find((form) => form.page === from || form.at === from) ?? forms[0];
}
