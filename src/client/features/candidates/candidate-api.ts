import type { output } from 'zod/v4/core';
import type { LandingVariant } from '@shared/enums';
import type { candidateBasicInfoSchema, candidateEmailLeadSchema } from '@shared/schemas/candidate';
import type { questionnaireSchema } from '@shared/schemas/questionnaire';
import { postJson } from '../../lib/api';
import { leadAttribution } from '../../lib/attribution';
import { conversionFields } from '../../lib/tracking/submission-event';

/**
 * The candidate calls of the API (spec section 7). Each sends the validated form values, the
 * visit's attribution and its conversion fields (decision 110), and rejects on any non-OK answer or network failure.
 * The forms' spam fields (decision 095) go beside them, only when they carry a value.
 */

type SpamFields = Record<string, string>;

/** /candidates 'Get Started Today': phone is '' when not given (the schema makes it so). */
export function submitBasicInfo(
  values: output<typeof candidateBasicInfoSchema>,
  spamFields: SpamFields = {},
) {
  return postJson('/api/candidates/basic-info', {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
    attribution: leadAttribution('/candidates'),
    ...conversionFields(),
    ...spamFields,
  });
}

/** The e-mail-only landing pages: /career (free_training) and /training (high_salary). */
export function submitEmailLead(
  values: output<typeof candidateEmailLeadSchema>,
  landing: { page: string; variant: LandingVariant },
  spamFields: SpamFields = {},
) {
  return postJson('/api/candidates/email', {
    email: values.email,
    attribution: leadAttribution(landing.page, landing.variant),
    ...conversionFields(),
    ...spamFields,
  });
}

/** The built-in questionnaire shown inside /typeform. */
export function submitQuestionnaire(
  values: output<typeof questionnaireSchema>,
  spamFields: SpamFields = {},
) {
  return postJson('/api/candidates/questionnaire', {
    ...values,
    attribution: leadAttribution('/typeform'),
    ...conversionFields(),
    ...spamFields,
  });
}

/** Marks the questionnaire lead of this e-mail as completed (typeformCompleted true). */
export function reportQuestionnaireCompleted(email: string) {
  return postJson('/api/candidates/typeform-completed', { email, ...conversionFields() });
}
