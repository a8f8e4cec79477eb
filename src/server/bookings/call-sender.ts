import type { FastifyInstance } from 'fastify';
import ical, { ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Kysely } from 'kysely';
import { DateTime } from 'luxon';
import { resumeLink, type LinkTarget } from '@shared/person-status';
import type { SiteConfig } from '@shared/site-config';
import { statusApi } from '../leads';
import { tablesOf } from '../platform/database/connection';
import type { Mailer } from '../platform/mail/mailer';
import type { Paragraph } from '../platform/mail/paragraph-mail';
import type { OutboxMessage } from '../platform/outbox/outbox';
import type { OutboxTables } from '../platform/outbox/outbox-tables';
import type { BookingRow, BookingTables } from './booking-tables';
import { CALL_TOPICS, type CallPayload } from './call-messages';

/* A booked call's e-mails, each with its iCalendar invitation (RFC 5545/5546) when it has one. */

export interface CallSenderOptions {
  mailer: Mailer;
  context: Pick<SiteConfig, 'brandName' | 'siteUrl' | 'supportEmail'>;
  /** STATUS_LINK_DAYS: how long the links its e-mails carry work. */
  statusLinkDays: number;
}

/** "Tuesday 16 March 2027, 9:00 AM (America/Chicago, Central Daylight Time)"; a call booked
    before zones were kept: UTC. */
export function callTime(start: string, zone: string | null): string {
  zone ??= 'UTC';
  const time = DateTime.fromISO(start, { zone });
  return `${time.toFormat('cccc d LLLL yyyy, h:mm a')} (${zone}, ${time.offsetNameLong ?? zone})`;
}

const utcStamp = (iso: string) =>
  DateTime.fromISO(iso, { zone: 'utc' }).toFormat("yyyyLLdd'T'HHmmss'Z'");

type Saying = keyof typeof CALL_TOPICS;

/** What the message says now, its call read as it is: nothing once a newer change replaced it.
    The person's calendar holds the last invitation sent (`invited_start`): a move before the
    first one went is that first one, a cancel before it nothing (RFC 5546: UID and SEQUENCE). */
function saying(topic: string, payload: CallPayload, row: BookingRow): Saying | undefined {
  if (topic === CALL_TOPICS.cancelled)
    return row.cancelled_at && row.invited_start ? 'cancelled' : undefined;
  if (row.cancelled_at !== null) return undefined;
  if (topic === CALL_TOPICS.missed) return row.outcome === 'no_show' ? 'missed' : undefined;
  // Sent late (the mail server was down), an invitation or reminder once the call began misleads;
  // one written before a later move (its SEQUENCE) is replaced by that move's.
  if (Date.parse(row.slot_start) <= Date.now() || row.sequence !== payload.sequence)
    return undefined;
  if (topic === CALL_TOPICS.reminder) return 'reminder';
  if (row.invited_start === row.slot_start) return undefined;
  return row.invited_start ? 'moved' : 'booked';
}

const subjects: Record<Saying, (when: string) => string> = {
  booked: (when) => `Your screening call is booked: ${when}`,
  moved: (when) => `Your screening call has moved: ${when}`,
  cancelled: () => 'Your screening call is cancelled',
  reminder: (when) => `Reminder: your screening call, ${when}`,
  missed: () => 'We missed you: pick a new time for your call',
};

/** Why a cancellation came, by the status that left no call (else it is plainly cancelled). */
const cancelledBecause: Partial<Record<string, string>> = {
  withdrawn: 'is cancelled because you withdrew your application',
  enrolled: 'is no longer needed: you are enrolled in the training',
  placed: 'is no longer needed: you have been placed with a partner company',
};

/** Sends a call's invitation, cancellation or reminder; one no longer true is deleted unsent. */
export function callSender(
  app: FastifyInstance,
  { mailer, context, statusLinkDays }: CallSenderOptions,
) {
  const { brandName } = context;
  const { database, writeQueue } = app;
  const writes = writeQueue.forTables<OutboxTables>();
  const contact = (leadId: number) =>
    statusApi.candidateContact(database.db, writeQueue, leadId, statusLinkDays);
  async function render(message: OutboxMessage) {
    const payload = JSON.parse(message.payload) as CallPayload;
    // An erased person's cancellation carries its call (no row, no lead left). It goes to a
    // mailbox before the call only: a file would keep the address the erasure removed.
    const { erased } = payload;
    if (erased && (mailer.kind === 'outbox' || Date.parse(erased.slot_start) <= Date.now()))
      return undefined;
    const row = erased
      ? { ...erased, sequence: payload.sequence, invited_start: null }
      : await tablesOf<BookingTables>(database.db)
          .selectFrom('bookings')
          .selectAll()
          .where('id', '=', payload.bookingId)
          .executeTakeFirst();
    const says = row && ('id' in row ? saying(message.topic, payload, row) : 'cancelled');
    if (!row || !says) return undefined;
    const cancelled = says === 'cancelled';
    const person =
      'lead_id' in row ? await contact(row.lead_id) : { ...row, statusLink: '', closed: undefined };
    // With no call theirs (closed, enrolled, placed) only the calendar's cancellation goes.
    if (!person || (person.closed && !cancelled)) return undefined;
    const when = callTime(row.slot_start, row.time_zone);
    const summary = `Screening call with ${brandName}`;
    // A call's own links open /book with the mailbox proof: one tap to move it (`next=book`).
    const toPage = (text: string, label: string, next?: LinkTarget) => ({
      text,
      link: `${context.siteUrl}${resumeLink(person.statusLink, next)}`,
      label,
    });
    // The status page told them "We will not contact you again": the cancellation says why.
    const withdrew = person.closed === 'withdrawn';
    const again = person.closed
      ? toPage('See where you stand on your status page:', 'Your status page')
      : toPage('To book another time:', 'Book your call', 'book');
    const description = `Your screening call with ${brandName}. To move or cancel it, use the link in our e-mail.`;
    const google = new URLSearchParams({
      action: 'TEMPLATE',
      text: summary,
      dates: `${utcStamp(row.slot_start)}/${utcStamp(row.slot_end)}`,
      details: description,
    });
    // A move says both times, in the zone the person chose with it.
    const from = row.invited_start && callTime(row.invited_start, row.time_zone);
    const paragraphs: Paragraph[] =
      says === 'missed'
        ? [
            `We missed you at your screening call on ${when}. It happens: pick a new time that suits you.`,
            toPage('See the open times:', 'Pick a new time', 'book'),
          ]
        : cancelled
          ? [
              `Your screening call on ${when} ${cancelledBecause[person.closed ?? ''] ?? 'is cancelled'}.`,
              ...(erased || withdrew ? ['We will not contact you again.'] : []),
              ...(erased ? [] : [again]),
            ]
          : [
              says === 'reminder'
                ? `This is a reminder of your screening call with ${brandName} on ${when}.`
                : `Your screening call with ${brandName} ${says === 'moved' ? `has moved from ${from} to` : 'is on'} ${when}. The invitation is attached for your calendar.`,
              {
                link: `https://calendar.google.com/calendar/render?${google.toString()}`,
                label: 'Add to Google Calendar',
              },
              toPage('To move or cancel it:', 'Move or cancel your call', 'book'),
            ];
    const subject = subjects[says](when);
    const mail = statusApi.personMail(context, person.email, subject, paragraphs);
    if (says === 'reminder' || says === 'missed') return { mail };
    // `METHOD:REQUEST` (or `CANCEL`), one event with a stable UID, its start and end in UTC.
    const method = cancelled ? 'CANCEL' : 'REQUEST';
    const answer = cancelled ? 'DECLINED' : 'ACCEPTED';
    const calendar = ical({
      prodId: { company: brandName, product: 'screening-call', language: 'EN' },
      method: ICalCalendarMethod[method],
    });
    calendar.createEvent({
      id: row.uid,
      sequence: row.sequence,
      start: new Date(row.slot_start),
      end: new Date(row.slot_end),
      stamp: new Date(),
      summary,
      description,
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      // The address in MAIL_FROM's `Name <address>`, or the setting itself.
      organizer: { name: brandName, email: /<([^>]+)>/.exec(mailer.from)?.[1] ?? mailer.from },
      // ROLE: REQ-PARTICIPANT, the default.
      attendees: [{ email: person.email, status: ICalAttendeeStatus[answer] }],
    });
    const icalEvent = { method, filename: 'invite.ics', content: calendar.toString() } as const;
    return { mail: { ...mail, icalEvent }, says, invited: 'id' in row && !cancelled && row };
  }

  return async (message: OutboxMessage): Promise<void> => {
    let sent = await render(message);
    if (!sent && (await writes.runInBackground((trx) => dropUnsent(tablesOf(trx), message))))
      return;
    // Not dropped: true again since it was read (a no-show, attended, a no-show again).
    sent ??= await render(message);
    if (!sent) return;
    const { invited, says } = sent;
    if (!invited) {
      await mailer.send(sent.mail);
      return;
    }
    // Recorded before it goes, so an erasure meanwhile finds it and cancels it; a call changed or
    // erased first is not invited. A refused send takes the record back (the retry sends it).
    const record = (start: string | null) =>
      writes.runInBackground(async (trx) => {
        const tables = tablesOf<BookingTables & OutboxTables>(trx);
        const call = await tables
          .updateTable('bookings')
          .set({ invited_start: start })
          .where('id', '=', invited.id)
          .where('sequence', '=', invited.sequence)
          .where('cancelled_at', 'is', null)
          .executeTakeFirst();
        const told = tables.updateTable('outbox_messages').set({ topic: CALL_TOPICS[says] });
        await told.where('id', '=', message.id).execute();
        return Number(call.numUpdatedRows) > 0;
      });
    if (!(await record(invited.slot_start))) return;
    await mailer.send(sent.mail).catch(async (error: unknown) => {
      await record(invited.invited_start);
      throw error;
    });
  };
}

/**
 * Deletes a message unsent; false if it is true again. A "we missed you" whose call is no longer
 * a no-show clears the call's record of it, so a later no-show writes it anew; one marked a
 * no-show again since the read is not dropped (that no-show wrote nothing: this one is to send).
 */
async function dropUnsent(db: Kysely<BookingTables & OutboxTables>, message: OutboxMessage) {
  if (message.topic === CALL_TOPICS.missed) {
    const { bookingId } = JSON.parse(message.payload) as CallPayload;
    const cleared = await db
      .updateTable('bookings')
      .set({ missed_sent_at: null })
      .where('id', '=', bookingId)
      .where((eb) => eb.or([eb('outcome', 'is', null), eb('outcome', '!=', 'no_show')]))
      .executeTakeFirst();
    if (Number(cleared.numUpdatedRows) === 0) return false;
  }
  await db.deleteFrom('outbox_messages').where('id', '=', message.id).execute();
  return true;
}
