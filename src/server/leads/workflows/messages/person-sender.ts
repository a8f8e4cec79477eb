import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { tablesOf } from '../../../platform/database/connection';
import type { WriteQueue } from '../../../platform/database/write-queue';
import type { Mailer, MailMessage } from '../../../platform/mail/mailer';
import type { OutboxMessage } from '../../../platform/outbox/outbox';
import type { OutboxTables } from '../../../platform/outbox/outbox-tables';
import { signed, signedText } from '../../../platform/http/tokens';
import { findContacts } from '../../records/lead-contacts';
import { LEAD_CREATED } from '../../records/lead-created';
import { leadTableOf, type LeadRef, type LeadTable } from '../../records/lead-tables';
import type { AdminLeadTables } from '../../records/listing-tables';
import { issueStatusLink, type StatusLinkTables } from '../people/status-link';
import { openStepOf, statusWords, type CallOffer } from '../people/status-words';
import type { ConfirmationPayload } from './mail-allowance';
import type { ReminderPayload, ReminderTables } from './candidate-reminders';
import {
  PERSON_REMINDER,
  PERSON_STATUS_LINK,
  PERSON_STATUS_MESSAGE,
  candidateConfirmation,
  candidateReminder,
  companyConfirmation,
  statusLinkMail,
  statusMessageMail,
  type PersonMailContext,
  type StatusMessage,
} from './person-mail';

/* The unsubscribe token: the candidate's id and its HMAC. It never expires: old links must work. */

export const UNSUBSCRIBE_PATH = '/api/unsubscribe';

export const unsubscribeKey = (spamKey: Buffer) =>
  createHmac('sha256', spamKey).update('unsubscribe').digest();

export const unsubscribeToken = (key: Buffer, candidateId: number) =>
  signed(key, 'unsubscribe', `c${candidateId}`);

/** The candidate a token names, when we signed it. */
export function candidateOfUnsubscribeToken(key: Buffer, token: unknown): number | undefined {
  const text = typeof token === 'string' ? signedText(key, 'unsubscribe', token) : undefined;
  const match = text === undefined ? null : /^c([1-9][0-9]{0,15})$/.exec(text);
  return match ? Number(match[1]) : undefined;
}

export type PersonMessageTables = AdminLeadTables &
  StatusLinkTables &
  ReminderTables &
  OutboxTables;

interface PersonSenderOptions {
  db: Kysely<PersonMessageTables>;
  /** The group commit: a batch's links and drops share one commit with the other writes. */
  writes: WriteQueue<PersonMessageTables>;
  mailer: Mailer;
  context: PersonMailContext;
  statusLinkDays: number;
  unsubscribeKey: Buffer;
  offersCall: CallOffer;
}

/** A stage-change message: its lead, and the template's text as the admin sent it. */
export type StatusMessagePayload = LeadRef & StatusMessage;

/** A new status link for a lead; `contactId`: to the secondary address asked with, not its own. */
export type StatusLinkPayload = LeadRef & { contactId?: number };

/** Sends to a lead's person, reading the lead then; an unwanted message is deleted unsent. */
export function personSender(options: PersonSenderOptions) {
  const { db, writes, mailer, context } = options;
  const linkTo = (table: LeadTable, id: number) =>
    writes.runInBackground((trx) =>
      issueStatusLink(tablesOf(trx), { table, id }, new Date(), options.statusLinkDays),
    );
  const candidate = (id: number) =>
    db.selectFrom('candidates').selectAll().where('id', '=', id).executeTakeFirst();
  const company = (id: number) =>
    db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();

  async function render(message: OutboxMessage): Promise<MailMessage | undefined> {
    const payload = JSON.parse(message.payload) as unknown;
    if (message.topic === PERSON_REMINDER) {
      const { candidateId, step } = payload as ReminderPayload;
      const row = await candidate(candidateId);
      if (!row || row.reminders_stopped_at || openStepOf('candidates', row) !== step) {
        return undefined;
      }
      const unsubscribe = `${context.siteUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(options.unsubscribeKey, row.id)}`;
      const statusLink = await linkTo('candidates', row.id);
      return candidateReminder(context, { to: row.email, statusLink }, step, unsubscribe);
    }
    // The confirmation ('lead.created') names its lead by type, the others by table.
    const lead = payload as LeadRef & ConfirmationPayload;
    const table = message.topic === LEAD_CREATED ? leadTableOf(lead.type) : lead.table;
    const { id } = lead;
    const row = table === 'candidates' ? await candidate(id) : await company(id);
    // Withdrawing stops every message but a new link, also one the team queued just before.
    if (!row || (message.topic !== PERSON_STATUS_LINK && row.status === 'withdrawn')) {
      return undefined;
    }
    const to = { to: row.email, statusLink: await linkTo(table, id) };
    if (message.topic === PERSON_STATUS_MESSAGE) {
      const { subject, body } = payload as StatusMessagePayload;
      const person =
        'first_name' in row
          ? { ...to, firstName: row.first_name, company: null }
          : { ...to, firstName: row.contact_name, company: row.company_name };
      return statusMessageMail(context, person, { subject, body });
    }
    if (message.topic === PERSON_STATUS_LINK) {
      const { contactId } = payload as StatusLinkPayload;
      const days = options.statusLinkDays;
      if (contactId === undefined) return statusLinkMail(context, to, days);
      // The address the person asked with, if the lead still keeps it.
      const kept = await findContacts(db, table, [id]);
      const contact = kept.find((each) => each.id === contactId);
      return contact && statusLinkMail(context, { ...to, to: contact.value }, days);
    }
    // The confirmation says where the person stands now, the delay after their first form.
    const standing = { open: openStepOf(table, row), words: statusWords[row.status] };
    if (!('first_name' in row)) return companyConfirmation(context, to, standing);
    // Composed by the outbox worker, off the request: the bookings' check keeps no form waiting.
    const offer = !standing.open && !standing.words && (await options.offersCall(id)).offer;
    // Booked before it goes: the invitation said where they stand and when; one mail will do.
    if (offer === 'move') return undefined;
    return candidateConfirmation(context, to, { ...standing, book: offer === 'book' });
  }

  return async (message: OutboxMessage): Promise<void> => {
    const mail = await render(message);
    if (mail) await mailer.send(mail);
    else {
      await writes.runInBackground((trx) =>
        trx.deleteFrom('outbox_messages').where('id', '=', message.id).execute(),
      );
    }
  };
}
