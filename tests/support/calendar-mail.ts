import ICAL from 'ical.js';

/** The invitation a mail carries, read back with ical.js as a calendar client would. */
export interface Invitation {
  method: string;
  uid: string;
  sequence: number;
  /** DTSTART as written: UTC ends in Z. */
  start: string;
  startUtc: boolean;
  status: string;
  organizer: string;
  attendee: string;
}

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The text/calendar part of a raw MIME message, decoded; undefined when it has none. */
export function calendarPart(raw: string): string | undefined {
  const part = raw
    .split(/\r?\n--[^\r\n]+/)
    .find((candidate) => /^\s*Content-Type:\s*text\/calendar/im.test(candidate));
  if (!part) return undefined;
  const split = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, split);
  const body = part.slice(split).trim();
  const encoding = /Content-Transfer-Encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The mail's invitation parsed with ical.js; throws when the mail has none. */
export function invitationIn(raw: string): Invitation {
  const text = calendarPart(raw);
  if (!text) throw new Error('the mail carries no text/calendar part');
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent');
  if (!event) throw new Error('the invitation has no event');
  const start = event.getFirstProperty('dtstart');
  const value = (name: string) => String(event.getFirstPropertyValue(name) ?? '');
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: value('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
    start: (start?.getFirstValue() as ICAL.Time).toString(),
    startUtc: (start?.getFirstValue() as ICAL.Time).zone === ICAL.Timezone.utcTimezone,
    status: value('status'),
    organizer: value('organizer'),
    attendee: value('attendee'),
  };
}
