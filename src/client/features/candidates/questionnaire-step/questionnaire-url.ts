import { BUILT_IN_QUESTIONNAIRE_PATH } from '@shared/questionnaire-embed';
import { readRuntimeConfig } from '../../../lib/runtime-config';

/**
 * The questionnaire /typeform embeds: the external one when QUESTIONNAIRE_URL is configured
 * (run-time config), else the built-in one. Pre-rendering always sees the built-in one; the
 * server swaps the iframe address in the pre-rendered page when an external one is set.
 */
export function questionnaireUrl(): string {
  return readRuntimeConfig().questionnaireUrl ?? BUILT_IN_QUESTIONNAIRE_PATH;
}
