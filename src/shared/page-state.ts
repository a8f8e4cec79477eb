// What the server knows that a pre-rendered page cannot (a returned form, a prefill), as JSON.

import type { BookingNotice, BookingView, ScreeningView } from './booking-view';
import type { StatusNotice, StatusView } from './person-status';
import { jsonScript } from './runtime-config';

/** A form posted without JavaScript, as it comes back to its page. */
export interface ReturnedForm {
  /** The form's `action` and its page: together they name it. */
  action: string;
  page: string;
  /** Invalid: what was typed, and the shared schema's message per field. */
  values?: Record<string, string>;
  errors?: Record<string, string>;
  /** Stored: the name its confirmation thanks ('Thank you, {name}!'). */
  sentBy?: string;
}

/** /contact's `userType` query parameter and tabs. */
export type ContactType = 'candidate' | 'employer';

export const isContactType = (value: unknown): value is ContactType =>
  value === 'candidate' || value === 'employer';

export interface PageState {
  form?: ReturnedForm;
  /** Session-storage values of the spec (section 3, by their key) an earlier form gave. */
  prefill?: Record<string, string>;
  /** /contact?userType=... (or showForm=true, the candidate tab) rendered by the server. */
  contactType?: ContactType;
  status?: StatusView;
  statusNotice?: StatusNotice;
  /** /book: the slots and the person's call; what a post did. */
  booking?: BookingView;
  bookingNotice?: BookingNotice;
  /** /book's knock-out questions, or a "no"'s explanation, instead of the slots. */
  screening?: ScreeningView;
  /** /book after a booking: the event id of Meta's `Schedule`, the pixel's and the server's. */
  scheduleEventId?: string;
}

export const PAGE_STATE_ELEMENT_ID = 'page-state';

export const pageStateScript = (state: PageState) => jsonScript(PAGE_STATE_ELEMENT_ID, state);
