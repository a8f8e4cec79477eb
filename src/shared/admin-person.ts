import * as z from 'zod/mini';
import { emailField } from './schemas/fields';

// A person's requests (issue 13): GET /api/admin/data-subject?email= reports, DELETE erases.

export const PERSON_EMAIL_MESSAGE = 'Please enter a valid email address';

/** The query both routes take; the dashboard's field checks the same rule. */
export const personQuerySchema = z.object({
  email: emailField(PERSON_EMAIL_MESSAGE),
});

/** What is held about a person, by kind, in the order the dashboard lists it. */
export const personParts = [
  { key: 'candidates', label: 'Candidate records' },
  { key: 'companies', label: 'Company records' },
  { key: 'submissions', label: 'Form submissions (history)' },
  { key: 'quarantine', label: 'Quarantined submissions' },
  { key: 'activity', label: 'Notes, status changes and e-mails sent' },
  { key: 'auditEntries', label: 'Audit log entries' },
  { key: 'outboxMessages', label: 'Notifications and Meta events' },
  { key: 'mailFiles', label: 'E-mails in the local outbox folder' },
] as const;
export type PersonPart = (typeof personParts)[number]['key'];
export type PersonCounts = Record<PersonPart, number>;

/** A stored row, column by column, as the database holds it. */
export type StoredRecord = Record<string, string | number | null>;

export interface PersonSubmission {
  leadType: 'candidate' | 'company';
  leadId: number;
  form: string;
  sourcePage: string | null;
  /** The form's fields as sent, by column. */
  fields: Record<string, unknown> | null;
  attribution: Record<string, unknown> | null;
  /** The tracking consent the form reported: granted, denied, gpc. */
  consent: string | null;
  createdAt: string;
}

export interface PersonQuarantined {
  id: number;
  leadType: 'candidate' | 'company';
  form: string;
  email: string;
  /** What the form said (the lead step it would have written). */
  step: Record<string, unknown> | null;
  reasons: string[];
  userAgent: string | null;
  receivedAt: string;
}

export interface PersonActivity {
  leadType: 'candidate' | 'company';
  leadId: number;
  /** note, status_changed, email_sent. */
  kind: string;
  text: string | null;
  fromStatus: string | null;
  toStatus: string | null;
  createdAt: string;
}

/** An audit log entry (GET /api/admin/audit answers the same shape). */
export interface PersonAuditEntry {
  id: number;
  at: string;
  action: string;
  actor: string;
  leadType: 'candidate' | 'company' | null;
  leadId: number | null;
  detail: string | null;
}

export interface PersonOutboxMessage {
  id: number;
  leadType: 'candidate' | 'company' | null;
  leadId: number | null;
  /** email, webhook or meta. */
  destination: string;
  topic: string;
  /** pending, sent or failed. */
  state: string;
  attempts: number;
  /** What the message carries (emptied once sent). */
  payload: Record<string, unknown> | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** An e-mail written to DATA_DIR/outbox (no mail transport) that mentions the address. */
export interface PersonMailFile {
  file: string;
  /** The message as written (.eml). */
  content: string;
}

/** GET /api/admin/data-subject?email=: everything stored about the address. */
export interface PersonReport {
  /** The address as matched: trimmed and lower-cased, like the leads' records. */
  email: string;
  generatedAt: string;
  candidates: StoredRecord[];
  companies: StoredRecord[];
  submissions: PersonSubmission[];
  quarantine: PersonQuarantined[];
  activity: PersonActivity[];
  auditEntries: PersonAuditEntry[];
  outboxMessages: PersonOutboxMessage[];
  mailFiles: PersonMailFile[];
}

/** DELETE /api/admin/data-subject?email=: how many rows of each kind were erased. */
export interface PersonErasure {
  erasedAt: string;
  erased: PersonCounts;
}

export const countsOf = (report: PersonReport): PersonCounts =>
  Object.fromEntries(personParts.map(({ key }) => [key, report[key].length])) as PersonCounts;
