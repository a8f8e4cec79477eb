import * as z from 'zod/mini';
import { availabilityOptions, relocationOptions, valuesOf, yesNoOptions } from '../enums';
import { withAttribution } from './attribution';
import { EMAIL_MESSAGE } from './candidate';
import { choice, emailField, MAX_LONG_TEXT, requiredLine, requiredText } from './fields';

/** The motivation's least length: its error says it, and its hint before the first submit. */
export const MOTIVATION_MIN = 10;

/** The built-in questionnaire embedded on /typeform when no external form is configured. */
export const questionnaireSchema = z.object({
  email: emailField(EMAIL_MESSAGE),
  availability: choice(valuesOf(availabilityOptions), 'Please tell us when you could start'),
  fullTime: choice(valuesOf(yesNoOptions), 'Please tell us whether you can train full time'),
  relocation: choice(valuesOf(relocationOptions), 'Please tell us whether you could relocate'),
  location: requiredLine(2, 'Location is required'),
  motivation: requiredText(
    MOTIVATION_MIN,
    `Please tell us a little more (at least ${MOTIVATION_MIN} characters)`,
    MAX_LONG_TEXT,
  ),
});

/** POST /api/candidates/questionnaire: the answers, stored with the candidate of that e-mail. */
export const questionnaireRequest = withAttribution(questionnaireSchema);
