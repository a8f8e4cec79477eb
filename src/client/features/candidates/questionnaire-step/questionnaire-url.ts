import { BUILT_IN_QUESTIONNAIRE_PATH } from '@shared/questionnaire-embed';
import { readRuntimeConfig } from '../../../lib/runtime-config';

/** The external questionnaire when configured (the server swaps the iframe's), else ours. */
export function questionnaireUrl(config = readRuntimeConfig()): string {
  return config.questionnaireUrl ?? BUILT_IN_QUESTIONNAIRE_PATH;
}
