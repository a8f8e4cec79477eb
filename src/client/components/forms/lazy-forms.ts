import { lazyForm } from './lazy-form';

export const LazyCandidateApplicationForm = lazyForm(
  () => import('./candidate-application-form').then((module) => module.CandidateApplicationForm),
  ['candidateEmail', 'candidateFirstName', 'candidateLastName', 'candidatePhone'],
);

export const LazyCompanyRequestForm = lazyForm(
  () => import('./company-request-form').then((module) => module.CompanyRequestForm),
  ['employerEmail', 'employerCompany'],
);
