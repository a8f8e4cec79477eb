import type { Generated } from 'kysely';

/** One thing done in the admin: who, when, what, to which lead. Never personal data. */
export interface AdminAuditEntriesTable {
  id: Generated<number>;
  /** ISO 8601 UTC. */
  at: string;
  action: string;
  /** "Owner (account 1, session 12)", "admin" (a sign-in) or "anonymous" (a failed sign-in). */
  actor: string;
  /** The account that acted (a sign-in's: the account signed in); null for the server itself. */
  account_id: number | null;
  lead_type: 'candidate' | 'company' | null;
  lead_id: number | null;
  /** A short fact (e.g. "new -> contacted"); never a name, e-mail, note text or password. */
  detail: string | null;
}

/** Keys the log generates once (the person hash's), shared by every instance. */
export interface AdminAuditKeysTable {
  name: string;
  /** base64. */
  value: string;
}

/** The audit log's tables, for `tablesOf<AuditTables>(db)`. */
export type AuditTables = {
  admin_audit_entries: AdminAuditEntriesTable;
  admin_audit_keys: AdminAuditKeysTable;
};
