import * as z from 'zod/mini';
import { educationLevels, techExperienceLevels, valuesOf } from '../enums';
import { withAttribution } from './attribution';
import { candidateFields } from '../lead-fields';
import { emailField, optionalFields, requiredLine, choice } from './fields';

export const EMAIL_MESSAGE = 'Please enter a valid email address';

/** /career and /training: e-mail only (POST /api/candidates/email). */
export const candidateEmailLeadSchema = z.object({
  email: emailField(EMAIL_MESSAGE),
});

/** /candidates 'Get Started Today' (POST /api/candidates/basic-info). */
export const candidateBasicInfoSchema = z.object({
  firstName: requiredLine(1, 'First name is required'),
  lastName: requiredLine(1, 'Last name is required'),
  email: emailField(EMAIL_MESSAGE),
  ...optionalFields(candidateFields, 'candidate-basic-info'),
});

/** The full application; /apply asks names and location of at least 1 character, /contact 2. */
function candidateApplication(minNameLength: 1 | 2) {
  return z.object({
    email: emailField(EMAIL_MESSAGE),
    firstName: requiredLine(minNameLength, 'First name is required'),
    lastName: requiredLine(minNameLength, 'Last name is required'),
    location: requiredLine(minNameLength, 'Location is required'),
    educationLevel: choice(valuesOf(educationLevels), 'Please select an education level'),
    techExperience: choice(valuesOf(techExperienceLevels), 'Please select your experience level'),
    ...optionalFields(candidateFields, 'candidate-application'),
  });
}

/** /apply 'Apply for Training' (POST /api/candidates/submit). */
export const candidateApplicationSchema = candidateApplication(1);
/** /contact candidate form: the same payload with 2-character minimums. */
export const contactCandidateSchema = candidateApplication(2);

/** POST /api/candidates/typeform-completed: the e-mail only, as /career's form. */
export const questionnaireCompletedSchema = candidateEmailLeadSchema;

export const candidateEmailLeadRequest = withAttribution(candidateEmailLeadSchema);
export const candidateBasicInfoRequest = withAttribution(candidateBasicInfoSchema);
export const candidateApplicationRequest = withAttribution(candidateApplicationSchema);
export const questionnaireCompletedRequest = questionnaireCompletedSchema;

export type CandidateApplication = z.input<typeof candidateApplicationSchema>;
