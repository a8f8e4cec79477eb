import { integer, nullable, nullableText, objectOf, text, type FromSchema } from './json-schema';

/** What the admin audit log records; GET /api/admin/audit filters by it. */
export const auditActions = [
  'sign_in',
  'sign_in_failed',
  'export',
  'delete',
  'email_sent',
  'status_changed',
  'note_added',
  'unverified_reviewed',
  'sign_out_everywhere',
  'quarantine_released',
  'quarantine_deleted',
  'data_subject_access',
  'data_subject_erasure',
  'retention_erasure',
  'message_template_saved',
  'message_template_removed',
  'lead_merged',
  'bulk_changed',
  'assignee_changed',
  'passkey_added',
  'passkey_renamed',
  'passkey_removed',
  'totp_added',
  'totp_removed',
  'recovery_codes_regenerated',
  'account_invited',
  'invitation_withdrawn',
  'invitation_accepted',
  'account_changed',
  'session_ended',
  'call_booked',
  'call_moved',
  'call_cancelled',
  'call_marked',
  'call_taken',
  'calendar_feed_reset',
  'availability_saved',
  'screening_saved',
  'list_read',
  'spend_uploaded',
  'spend_mapping_saved',
  'spend_mapping_removed',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** The dashboard's list page; a larger one (up to 500 rows) is a bulk read, and audited. */
export const LIST_PAGE_ROWS = 25;

/** Leads one bulk change may cover: the server refuses more, the list says so first. */
export const BULK_LIMIT = 10_000;

/** An entry as GET /api/admin/audit answers it. */
export const auditEntrySchema = objectOf({
  id: integer,
  at: text,
  action: { type: 'string', enum: auditActions },
  actor: {
    ...text,
    description: '"Name (account 3, session 12)", "anonymous" (a failed sign-in), or the server',
  },
  accountId: { ...nullable('integer'), description: 'The account that acted; null: none' },
  leadType: { type: ['string', 'null'], enum: ['candidate', 'company', null] },
  leadId: nullable('integer'),
  detail: nullableText,
});
export type AuditEntry = FromSchema<typeof auditEntrySchema>;
