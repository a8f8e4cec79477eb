import type { LandingVariant } from '@shared/enums';
import type { EventOptions, PixelEvent } from './tracker';

// The lead forms' events (spec 7) and the booked call's, apart from tracker.ts so they load with
// the forms' code.

/** Landing A is /career (free_training), landing B is /training (high_salary). */
const landingLetter = (variant: LandingVariant) => (variant === 'free_training' ? 'a' : 'b');

/** `{eventID}` when the submission has one: the server's copy of the event carries it too. */
const withEventId = (eventId: string | undefined): [EventOptions] | [] =>
  eventId ? [{ eventID: eventId }] : [];

/** The form-submission tracker of the e-mail landings, then their Lead (in this order). */
export const emailCaptureEvents = (variant: LandingVariant, eventId?: string): PixelEvent[] => [
  [
    'trackCustom',
    'FormSubmission',
    { form_name: `candidate_landing_${landingLetter(variant)}`, form_type: 'email_submission' },
  ],
  [
    'track',
    'Lead',
    {
      content_name: `candidate_email_landing_${landingLetter(variant)}`,
      content_category: 'email_capture',
      landing_page: variant,
    },
    ...withEventId(eventId),
  ],
];

export type LeadForm =
  'candidate_basic_info' | 'candidate_application' | 'company_talent_info' | 'company_request';

export const formLead = (form: LeadForm, eventId?: string): PixelEvent => [
  'track',
  'Lead',
  { content_name: form, content_category: form.startsWith('company') ? 'company' : 'candidate' },
  ...withEventId(eventId),
];

/** Meta's `Schedule` for a booked screening call, the server's copy's id beside it. */
export const scheduleEvent = (eventId: string): PixelEvent => [
  'track',
  'Schedule',
  { content_name: 'screening_call' },
  { eventID: eventId },
];
