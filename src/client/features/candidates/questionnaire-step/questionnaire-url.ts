import { BUILT_IN_QUESTIONNAIRE_PATH } from '@shared/questionnaire-embed';
import { readRuntimeConfig } from '../../../lib/runtime-config';

/**
 * The external questionnaire when configured (run-time), else the built-in one; the server
 * swaps the pre-rendered iframe address when an external one is set.
 */
export function questionnaireUrl(config = readRuntimeConfig()): string {
  return config.questionnaireUrl ?? BUILT_IN_QUESTIONNAIRE_PATH;
}
