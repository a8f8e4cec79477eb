import * as z from 'zod/mini';
import { integer, nullable, nullableText, objectOf, text, type FromSchema } from './json-schema';
import { auditEntrySchema } from './admin-audit';
import { contactKinds } from './lead-field';
import { leadKindSchema } from './lead-status';
import { emailField } from './schemas/fields';

// A person's requests ({email}): POST /api/admin/data-subject reports, DELETE erases.

const PERSON_EMAIL_MESSAGE = 'Please enter a valid email address';

export const personQuerySchema = z.object({ email: emailField(PERSON_EMAIL_MESSAGE) });

/** What is held about a person, by kind, in the dashboard's order. */
export const personParts = [
  { key: 'candidates', label: 'Candidate records' },
  { key: 'companies', label: 'Company records' },
  { key: 'contacts', label: 'Other e-mails and phones (kept by a merge)' },
  { key: 'submissions', label: 'Form submissions (history)' },
  { key: 'quarantine', label: 'Quarantined submissions' },
  { key: 'activity', label: 'Notes, status changes and e-mails sent' },
  { key: 'calls', label: 'Screening calls booked' },
  { key: 'screening', label: 'Screening answers' },
  { key: 'auditEntries', label: 'Audit log entries' },
  { key: 'outboxMessages', label: 'Notifications and Meta events' },
  { key: 'mailFiles', label: 'E-mails in the local outbox folder' },
] as const;
export type PersonCounts = Record<(typeof personParts)[number]['key'], number>;

/** An audit entry in a report: as the Audit tab lists it, but its account and what it adds. */
const {
  accountId: _account,
  leadGone: _gone,
  namedLeads: _named,
  ...auditEntry
} = auditEntrySchema.properties;
const storedJson = { type: ['object', 'null'], additionalProperties: true } as const;
const listOf = <const Items extends object>(description: string, items: Items) =>
  ({ type: 'array', description, items }) as const;
const storedRecords = (description: string) =>
  listOf(description, {
    type: 'object',
    additionalProperties: { type: ['string', 'number', 'null'] },
  });

export const personReportSchema = objectOf(
  {
    email: { ...text, description: 'The address matched: trimmed and lower-cased' },
    generatedAt: text,
    candidates: storedRecords('Candidate records: every stored column'),
    companies: storedRecords('Company records: every stored column'),
    contacts: listOf(
      "Those leads' secondary contacts: the e-mails and phones kept from merged leads",
      objectOf({
        leadType: leadKindSchema,
        leadId: integer,
        kind: { type: 'string', enum: contactKinds },
        value: text,
        createdAt: text,
      }),
    ),
    submissions: listOf(
      'Each accepted form of those leads, oldest first, with what it said',
      objectOf({
        leadType: leadKindSchema,
        leadId: integer,
        form: text,
        sourcePage: nullableText,
        fields: { ...storedJson, description: "The form's fields as sent, by column" },
        attribution: storedJson,
        consent: { ...nullableText, description: 'The tracking consent: granted, denied, gpc' },
        createdAt: text,
      }),
    ),
    quarantine: listOf(
      'Submissions from the address held back as suspect',
      objectOf({
        id: integer,
        leadType: leadKindSchema,
        form: text,
        email: text,
        step: { ...storedJson, description: 'What the form said (the lead step it would write)' },
        reasons: { type: 'array', items: text },
        userAgent: nullableText,
        receivedAt: text,
      }),
    ),
    activity: listOf(
      "The admin's notes, status changes and e-mails sent about those leads",
      objectOf({
        leadType: leadKindSchema,
        leadId: integer,
        kind: { ...text, description: 'note, status_changed, email_sent' },
        text: nullableText,
        fromStatus: nullableText,
        toStatus: nullableText,
        createdAt: text,
      }),
    ),
    calls: listOf(
      "Those candidates' screening calls, cancelled ones too, oldest first",
      objectOf({
        leadId: integer,
        slot_start: text,
        slot_end: text,
        time_zone: nullableText,
        created_at: text,
        cancelled_at: nullableText,
        outcome: { ...nullableText, description: 'attended, late or no_show, once marked' },
      }),
    ),
    screening: listOf(
      'Their answers to the knock-out questions asked before the slots',
      objectOf({
        leadId: integer,
        answers: { type: 'array', items: { type: 'object', additionalProperties: true } },
        answered_at: text,
      }),
    ),
    auditEntries: listOf(
      'Audit entries naming those leads or earlier requests about the address',
      objectOf(auditEntry),
    ),
    outboxMessages: listOf(
      'Notifications (e-mail, webhook) and Meta Conversions API events about those leads',
      objectOf({
        id: integer,
        leadType: nullable('string'),
        leadId: nullable('integer'),
        destination: text,
        topic: text,
        state: { type: 'string', enum: ['pending', 'sent', 'failed'] },
        attempts: integer,
        payload: { ...storedJson, description: 'What the message carries (emptied once sent)' },
        lastError: nullableText,
        createdAt: text,
        sentAt: nullableText,
      }),
    ),
    mailFiles: listOf(
      'E-mails written to DATA_DIR/outbox (no mail transport) that mention the address',
      objectOf({ file: text, content: { ...text, description: 'The message as written (.eml)' } }),
    ),
  },
  'Everything stored about the address (the access request), to download as JSON',
);

export type PersonReport = FromSchema<typeof personReportSchema>;
/** A stored row, column by column, as the database holds it. */
export type StoredRecord = PersonReport['candidates'][number];
export type PersonContact = PersonReport['contacts'][number];
export type PersonSubmission = PersonReport['submissions'][number];
export type PersonQuarantined = PersonReport['quarantine'][number];
export type PersonActivity = PersonReport['activity'][number];
export type PersonAuditEntry = PersonReport['auditEntries'][number];
export type PersonOutboxMessage = PersonReport['outboxMessages'][number];

export const personErasureSchema = objectOf(
  {
    erasedAt: text,
    erased: objectOf(
      Object.fromEntries(personParts.map(({ key }) => [key, { type: 'integer', minimum: 0 }])),
      'Rows erased, by kind',
    ),
  },
  'Erased everywhere in one transaction; pending messages about the person will not be sent',
);

export type PersonErasure = { erasedAt: string; erased: PersonCounts };

export const countsOf = (report: PersonReport): PersonCounts =>
  Object.fromEntries(personParts.map(({ key }) => [key, report[key].length])) as PersonCounts;
