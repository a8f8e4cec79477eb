import { lazyForm } from '../../../components/forms/lazy-form';
import { hasStored } from '../../../components/forms/lazy-forms';

/** The candidate forms, loaded when a visitor starts using them (see lazy-form.tsx). */
export const LazyBasicInfoForm = lazyForm(
  () => import('./BasicInfoForm').then((module) => module.BasicInfoForm),
  hasStored('candidateEmail'),
);

export const LazyEmailLeadForm = lazyForm(
  () => import('./EmailLeadForm').then((module) => module.EmailLeadForm),
  hasStored('candidateEmail'),
);

export const LazyQuestionnaireForm = lazyForm(
  () => import('../questionnaire/QuestionnaireForm').then((module) => module.QuestionnaireForm),
  hasStored('candidateEmail'),
);
