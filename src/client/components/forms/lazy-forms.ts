import { lazyForm } from './lazy-form';

/** The shared lead forms, loaded when a visitor starts using them (see lazy-form.tsx). */
export const LazyCandidateApplicationForm = lazyForm(
  () => import('./candidate-application-form').then((module) => module.CandidateApplicationForm),
  ['candidateEmail', 'candidateFirstName', 'candidateLastName', 'candidatePhone'],
);

export const LazyCompanyRequestForm = lazyForm(
  () => import('./company-request-form').then((module) => module.CompanyRequestForm),
  ['employerEmail', 'employerCompany'],
);
