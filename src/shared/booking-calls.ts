// The recruiter's side of booked calls: the day's calls and their marking.
import { integer, listOf, nullableText, objectOf, text, type FromSchema } from './json-schema';

export const BOOKINGS_URL = '/api/admin/bookings';
export const outcomeUrl = (bookingId: number) => `${BOOKINGS_URL}/${bookingId}/outcome`;

export const CALL_OUTCOMES = ['attended', 'no_show', 'late'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
/** Why a call cannot be marked yet: the 409's message, and the desk's reason beside its buttons. */
export const CALL_NOT_STARTED = 'This call has not started yet';
export const OUTCOME_LABELS: Record<CallOutcome, string> = {
  attended: 'Attended',
  no_show: 'No-show',
  late: 'Late',
};

/** A booked call as the recruiter sees it, in the list and the lead's drawer. */
export const callSchema = objectOf({
  id: integer,
  leadId: integer,
  start: { ...text, description: 'UTC, ISO 8601' },
  end: { ...text, description: 'UTC, ISO 8601' },
  outcome: { type: ['string', 'null'], enum: [...CALL_OUTCOMES, null] },
  notMarked: { type: 'boolean', description: 'Still unmarked a day after its end' },
});
export type BookedCall = FromSchema<typeof callSchema>;

/** The zone the calls desk reads days and times in; the drawer shows a call's time in it too. */
const deskZone = {
  ...text,
  description: "The reader's IANA zone as a host, else the first host's",
};
/** A lead's booked call in its drawer, with the desk's zone: one time for one call everywhere. */
export const zonedCallSchema = objectOf({ ...callSchema.properties, timeZone: deskZone });
export type ZonedCall = FromSchema<typeof zonedCallSchema>;

export const dayCallsSchema = objectOf({
  timeZone: deskZone,
  today: { ...text, description: 'Today in that zone, YYYY-MM-DD: the day answered without ?day=' },
  calls: {
    ...listOf({
      ...callSchema.properties,
      name: nullableText,
      host: { ...nullableText, description: "The host's account name (null: none)" },
      needsHost: {
        type: 'boolean',
        description: 'Not started, and its host takes calls no more: no other host was free then',
      },
    }),
    description: "The day's calls, and earlier ones still unmarked, by start",
  },
});
export type DayCalls = FromSchema<typeof dayCallsSchema>;
