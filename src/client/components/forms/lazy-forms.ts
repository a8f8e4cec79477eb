import { session, type SessionKey } from '../../lib/session-keys';
import { lazyForm } from './lazy-form';

/** True when one of these session keys holds a value the form will prefill. */
export const hasStored =
  (...keys: SessionKey[]) =>
  () =>
    keys.some((key) => session.get(key) !== null);

/** The shared lead forms, loaded when a visitor starts using them (see lazy-form.tsx). */
export const LazyCandidateApplicationForm = lazyForm(
  () => import('./candidate-application-form').then((module) => module.CandidateApplicationForm),
  hasStored('candidateEmail', 'candidateFirstName', 'candidateLastName', 'candidatePhone'),
);

export const LazyCompanyRequestForm = lazyForm(
  () => import('./company-request-form').then((module) => module.CompanyRequestForm),
  hasStored('employerEmail', 'employerCompany'),
);
