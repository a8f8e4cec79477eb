import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { DateTime } from 'luxon';

/* The booked call as an iCalendar invitation (RFC 5545/5546) and its e-mail's words. */

export interface CallInvitation {
  uid: string;
  sequence: number;
  start: string;
  end: string;
  cancelled: boolean;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: string;
}

/** `METHOD:REQUEST` (or `CANCEL`), one event with a stable UID, its start and end in UTC. */
export function invitationIcs(call: CallInvitation): string {
  const calendar = ical({
    prodId: { company: call.organizer.name, product: 'screening-call', language: 'EN' },
    method: call.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: call.uid,
    sequence: call.sequence,
    start: new Date(call.start),
    end: new Date(call.end),
    stamp: new Date(),
    summary: call.summary,
    description: call.description,
    status: call.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: call.organizer,
    attendees: [
      {
        email: call.attendee,
        role: ICalAttendeeRole.REQ,
        status: call.cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
      },
    ],
  });
  return calendar.toString();
}

const utcStamp = (iso: string) =>
  DateTime.fromISO(iso, { zone: 'utc' }).toFormat("yyyyLLdd'T'HHmmss'Z'");

/** Google Calendar's "add event" link for the call. */
export function googleCalendarLink(
  call: Pick<CallInvitation, 'start' | 'end' | 'summary' | 'description'>,
) {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: call.summary,
    dates: `${utcStamp(call.start)}/${utcStamp(call.end)}`,
    details: call.description,
  });
  return `https://calendar.google.com/calendar/render?${query.toString()}`;
}

/** "Tuesday 16 March 2027, 9:00 AM (America/Chicago, Central Daylight Time)". */
export function callTime(start: string, zone: string): string {
  const time = DateTime.fromISO(start, { zone });
  return `${time.toFormat('cccc d LLLL yyyy, h:mm a')} (${zone}, ${time.offsetNameLong ?? zone})`;
}

/** The address in `Name <address>`, or the setting itself. */
export const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;
