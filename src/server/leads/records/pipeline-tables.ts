import type { Generated } from 'kysely';
import type { LeadTable } from './lead-tables';
import type { AdminLeadTables } from './listing-tables';

/** One row per status change, note and e-mail sent (decision 065). */
export interface LeadActivityTable {
  id: Generated<number>;
  lead_table: LeadTable;
  lead_id: number;
  kind:
    | 'status_changed'
    | 'note'
    | 'email_sent'
    | 'reminders_stopped'
    | 'merged'
    | 'assigned'
    | 'opted_out'
    | 'data_downloaded'
    | 'opted_in';
  /** A note, an e-mail's transport, `person` (own act), a merged lead's id, an assignee (old). */
  text: string | null;
  /** A status change: the status before and after. */
  from_status: string | null;
  to_status: string | null;
  /** The account that acted (named as it is now when read); null: the person, server, old rows. */
  account_id: number | null;
  /** Whom an `assigned` row gave the lead (named as now); null: unassigned, or older (`text`). */
  assignee_id: number | null;
  created_at: string;
}

export type PipelineTables = AdminLeadTables & { lead_activity: LeadActivityTable };
