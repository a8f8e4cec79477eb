import type { LeadKind } from '@shared/lead-status';
import { DAY_MS } from '@shared/calendar-day';
import type { SubmissionClient } from './submission-client';

/* A Conversions API event in the outbox (decision 110), carrying its values: no lead is read. */

/** The candidate statuses sent as custom events. */
export const statusConversionEvents = ['qualified', 'enrolled', 'placed'] as const;
export type ConversionEventName =
  | 'Lead'
  | 'CompleteRegistration'
  | 'SubmitApplication'
  | (typeof statusConversionEvents)[number]
  /** Meta's standard event of a booked screening call (issue 43). */
  | 'Schedule';

/** Meta refuses events older than 7 days: none is written, or retried, past this. */
export const CONVERSION_MAX_AGE_MS = 7 * DAY_MS;
/** Meta keeps one of a pixel event and its server copy only when both arrive within 48 hours. */
export const DEDUPLICATION_WINDOW_MS = 48 * 60 * 60 * 1000;

export interface ConversionSubject {
  type: LeadKind;
  id: number;
}

/** What Meta matches a lead on: its e-mail, phone and names as now saved. */
export interface ConversionContact {
  email: string;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface ConversionPayload {
  eventName: ConversionEventName;
  eventId: string;
  /** ms since the epoch: the submission's time (or the status change's). */
  eventTimeMs: number;
  /** The event the pixel also sent under this id (Meta counts both past 48 hours apart). */
  pixelEvent?: ConversionEventName | undefined;
  /** website: a form; system_generated: the admin's status change (no browser involved). */
  actionSource: 'website' | 'system_generated';
  /** The path of the page the form was on (the site's address is added when sent). */
  sourcePage: string | null;
  lead: ConversionSubject & ConversionContact;
  client: Pick<SubmissionClient, 'ip' | 'userAgent' | 'fbp' | 'fbc'> & {
    /** The lead's click's fbclid, exactly as received (fbc is built from it without _fbc). */
    fbclid: string | null;
    /** When the fbclid was first received, in ms (absent from older messages: the event's time). */
    clickAtMs?: number | null;
  };
}
