import type { Generated } from 'kysely';
import type { LeadTable } from './lead-tables';
import type { AdminLeadTables } from './listing-tables';

/** One row per status change, note and e-mail sent (decision 065). */

export const activityKinds = [
  'status_changed',
  'note',
  'email_sent',
  'reminders_stopped',
  'merged',
  'assigned',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

export interface LeadActivityTable {
  id: Generated<number>;
  lead_table: LeadTable;
  lead_id: number;
  kind: ActivityKind;
  /** A note, an e-mail's transport, `person` (own change), a merged lead's id, or the assignee. */
  text: string | null;
  /** A status change: the status before and after. */
  from_status: string | null;
  to_status: string | null;
  created_at: string;
}

/** The pipeline's tables, for `tablesOf<PipelineTables>(db)`: its own and the leads'. */
export type PipelineTables = AdminLeadTables & { lead_activity: LeadActivityTable };
