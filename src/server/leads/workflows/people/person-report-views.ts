import type { Selectable } from 'kysely';
import type {
  PersonActivity,
  PersonContact,
  PersonOutboxMessage,
  PersonQuarantined,
  PersonSubmission,
  StoredRecord,
} from '@shared/admin-person';
import { parsedJson } from '../../../platform/database/parsed-json';
import type { OutboxMessage } from '../../../platform/outbox/outbox';
import {
  leadTypeOf,
  type LeadContactsTable,
  type LeadSubmissionsTable,
} from '../../records/lead-tables';
import type { LeadActivityTable } from '../../records/pipeline-tables';
import type { LeadQuarantineTable } from '../../records/quarantine-tables';

/* A person's report's rows: stored JSON parsed (the download is one document), names camelCase. */

/** A lead row, every column as stored (PostgreSQL's integers can come back as text). */
export function storedRecord(row: object): StoredRecord {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column,
      typeof value === 'bigint' ? Number(value) : (value as string | number | null),
    ]),
  );
}

export function contactView(row: Selectable<LeadContactsTable>): PersonContact {
  return {
    leadType: leadTypeOf(row.lead_table),
    leadId: Number(row.lead_id),
    kind: row.kind,
    value: row.value,
    createdAt: row.created_at,
  };
}

export function submissionView(row: Selectable<LeadSubmissionsTable>): PersonSubmission {
  return {
    leadType: leadTypeOf(row.lead_table),
    leadId: Number(row.lead_id),
    form: row.form,
    sourcePage: row.source_page,
    fields: parsedJson(row.fields),
    attribution: parsedJson(row.attribution),
    consent: row.consent,
    createdAt: row.created_at,
  };
}

export function quarantinedView(row: Selectable<LeadQuarantineTable>): PersonQuarantined {
  return {
    id: Number(row.id),
    leadType: leadTypeOf(row.lead_table),
    form: row.form,
    email: row.email,
    step: parsedJson(row.step),
    reasons: row.reasons.split(',').filter(Boolean),
    userAgent: row.user_agent,
    receivedAt: row.received_at,
  };
}

export function activityView(row: Selectable<LeadActivityTable>): PersonActivity {
  return {
    leadType: leadTypeOf(row.lead_table),
    leadId: Number(row.lead_id),
    kind: row.kind,
    text: row.text,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    createdAt: row.created_at,
  };
}

export function outboxView(row: OutboxMessage): PersonOutboxMessage {
  return {
    id: Number(row.id),
    leadType: row.subject_type as 'candidate' | 'company' | null,
    leadId: row.subject_id === null ? null : Number(row.subject_id),
    destination: row.destination,
    topic: row.topic,
    state: row.state,
    attempts: Number(row.attempts),
    payload: parsedJson(row.payload),
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}
