import { timings } from '@shared/claims';
import { failureToast, successToast as success, type ToastInput } from './toast-store';

const error = (description: string) => failureToast('Submission Error', description);

/** Every toast of the specification (section 8), verbatim, with its duration (section 9). */
export const toasts = {
  candidateInfoFailed: error('There was a problem submitting your information. Please try again.'),
  applicationFailed: error(
    'There was a problem submitting your application. Please try again later.',
  ),
  emailFailed: error('There was a problem submitting your email. Please try again.'),
  answersNotSaved: error('There was a problem saving your answers. Please try again.'),
  companyFailed: error('We had trouble submitting your information. Please try again.'),
  candidateInfoReceived: success(
    'Information Received!',
    "Now let's complete your application with a few more details.",
  ),
  companyEmailReceived: success(
    'Success!',
    'Thanks for your interest. Please tell us more about your hiring needs.',
  ),
  emailReceived: success('Success!', 'Thanks for your interest. Please complete your profile.'),
  applicationSubmitted: success(
    'Application Submitted!',
    'Thank you for applying. We will contact you shortly to discuss next steps.',
    timings.toastLongSuccessDurationMs,
  ),
  requestReceived: success(
    'Request Received!',
    'Thank you for your interest. A talent specialist will contact you within 1 business day.',
    timings.toastLongSuccessDurationMs,
  ),
  applicationComplete: success(
    'Application Complete!',
    'Thank you for completing your application.',
  ),
} satisfies Record<string, ToastInput>;
