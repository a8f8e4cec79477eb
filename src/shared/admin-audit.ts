import { integer, listOf, nullableText, objectOf, text, type FromSchema } from './json-schema';

/** What the admin audit log records, as an owner reads each in the Audit tab. */
export const auditActionLabels = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  export: 'Exported a CSV',
  delete: 'Deleted a lead',
  email_sent: 'E-mailed a lead',
  status_changed: 'Changed a status',
  note_added: 'Added a note',
  unverified_reviewed: 'Accepted unverified forms',
  sign_out_everywhere: 'Signed out everywhere',
  quarantine_released: 'Released from quarantine',
  quarantine_deleted: 'Deleted from quarantine',
  data_subject_access: "Copied a person's data",
  data_subject_erasure: "Erased a person's data",
  retention_erasure: 'Erased old leads (retention)',
  message_template_saved: 'Saved a status message',
  message_template_removed: 'Removed a status message',
  lead_merged: 'Merged two leads',
  bulk_changed: 'Changed leads in bulk',
  assignee_changed: 'Changed an assignee',
  passkey_added: 'Added a passkey',
  passkey_renamed: 'Renamed a passkey',
  passkey_removed: 'Removed a passkey',
  totp_added: 'Added an authenticator app',
  totp_removed: 'Removed an authenticator app',
  recovery_codes_regenerated: 'Made new recovery codes',
  account_invited: 'Invited an account',
  invitation_withdrawn: 'Withdrew an invitation',
  invitation_accepted: 'Accepted an invitation',
  account_changed: 'Changed an account',
  sign_in_reset: 'Reset a sign-in',
  session_ended: 'Ended a session',
  call_booked: 'Booked a call',
  call_moved: 'Moved a call',
  call_cancelled: 'Cancelled a call',
  call_marked: "Marked a call's outcome",
  call_taken: 'Took a call',
  calendar_feed_reset: 'Reset the calendar link',
  availability_saved: 'Saved the hours',
  screening_saved: 'Saved the screening questions',
  list_read: 'Read a long list',
  spend_uploaded: 'Uploaded ad spend',
  spend_mapping_saved: 'Saved a campaign match',
  spend_mapping_removed: 'Removed a campaign match',
};
export type AuditAction = keyof typeof auditActionLabels;
/** GET /api/admin/audit filters by these. */
export const auditActions = Object.keys(auditActionLabels) as AuditAction[];

/** The dashboard's list page; a larger one (up to 500 rows) is a bulk read, and audited. */
export const LIST_PAGE_ROWS = 25;

/** The lists' search words, URI-encoded (a header is Latin-1): no name or phone in a URL. */
export const SEARCH_HEADER = 'X-Search';

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
  accountId: { type: ['integer', 'null'], description: 'The account that acted; null: none' },
  leadType: { type: ['string', 'null'], enum: ['candidate', 'company', null] },
  leadId: { type: ['integer', 'null'] },
  detail: nullableText,
  leadGone: {
    type: 'boolean',
    description: 'The lead is deleted or erased (or there is none): there is nothing to open',
  },
  namedLeads: {
    ...listOf({ id: integer, gone: { type: 'boolean' } }),
    description: "The leads (of leadType) a bulk change's detail names by id, each gone or not",
  },
});
export type AuditEntry = FromSchema<typeof auditEntrySchema>;
