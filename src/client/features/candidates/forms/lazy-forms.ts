import { lazyForm } from '../../../components/forms/lazy-form';

export const LazyBasicInfoForm = lazyForm(
  () => import('./basic-info-form').then((module) => module.BasicInfoForm),
  ['candidateEmail'],
);

export const LazyEmailLeadForm = lazyForm(
  () => import('./email-lead-form').then((module) => module.EmailLeadForm),
  ['candidateEmail'],
);

export const LazyQuestionnaireForm = lazyForm(
  () => import('../questionnaire/questionnaire-form').then((module) => module.QuestionnaireForm),
  ['candidateEmail'],
);
