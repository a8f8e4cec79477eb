import type { Generated } from 'kysely';

/** One thing done in the admin: who, when, what, to which lead. Never personal data. */
export interface AuditEntry {
  id: Generated<number>;
  at: string;
  action: string;
  /** "Owner (account 1, session 12)", or "anonymous" (a failed sign-in). */
  actor: string;
  /** The account that acted (a sign-in's: the account signed in); null for the server itself. */
  account_id: number | null;
  lead_type: 'candidate' | 'company' | null;
  lead_id: number | null;
  /** A short fact (e.g. "new -> contacted"); never a name, e-mail, note text or password. */
  detail: string | null;
}

/** The audit log's tables; admin_audit_keys holds the person hash's key (base64). */
export type AuditTables = {
  admin_audit_entries: AuditEntry;
  admin_audit_keys: { name: string; value: string };
};
