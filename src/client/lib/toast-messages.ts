import { timings } from '@shared/claims';
import type { ToastInput } from './toast-store';

/** Every toast of the specification (section 8), verbatim, with its duration (section 9). */
const error = (description: string): ToastInput => ({
  title: 'Submission Error',
  description,
  variant: 'destructive',
  duration: timings.toastErrorDurationMs,
});

export const toasts = {
  candidateInfoFailed: error('There was a problem submitting your information. Please try again.'),
  applicationFailed: error(
    'There was a problem submitting your application. Please try again later.',
  ),
  emailFailed: error('There was a problem submitting your email. Please try again.'),
  companyFailed: error('We had trouble submitting your information. Please try again.'),
  candidateInfoReceived: {
    title: 'Information Received!',
    description: "Now let's complete your application with a few more details.",
    variant: 'success',
    duration: timings.toastSuccessDurationMs,
  },
  companyEmailReceived: {
    title: 'Success!',
    description: 'Thanks for your interest. Please tell us more about your hiring needs.',
    variant: 'success',
    duration: timings.toastSuccessDurationMs,
  },
  emailReceived: {
    title: 'Success!',
    description: 'Thanks for your interest. Please complete your profile.',
    variant: 'success',
    duration: timings.toastSuccessDurationMs,
  },
  applicationSubmitted: {
    title: 'Application Submitted!',
    description: 'Thank you for applying. We will contact you shortly to discuss next steps.',
    variant: 'success',
    duration: timings.toastLongSuccessDurationMs,
  },
  requestReceived: {
    title: 'Request Received!',
    description:
      'Thank you for your interest. A talent specialist will contact you within 1 business day.',
    variant: 'success',
    duration: timings.toastLongSuccessDurationMs,
  },
  applicationComplete: {
    title: 'Application Complete!',
    description: 'Thank you for completing your application.',
    variant: 'success',
    duration: timings.toastSuccessDurationMs,
  },
} satisfies Record<string, ToastInput>;
