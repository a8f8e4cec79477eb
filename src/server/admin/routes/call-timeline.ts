import type { Kysely } from 'kysely';
import { OUTCOME_LABELS, type CallOutcome } from '@shared/booking-calls';
import { sentCallMails } from '../../bookings';
import { tablesOf } from '../../platform/database/connection';
import type { AuditTables } from '../audit/audit-tables';
import type { AdminAuthTables } from '../auth/auth-tables';

/* A candidate's call in its timeline (issue 43): what the audit log and the sent e-mails say. */

const CALL_ACTIONS = ['call_booked', 'call_moved', 'call_cancelled', 'call_marked'] as const;
type CallAction = (typeof CALL_ACTIONS)[number];

const verbs: Record<CallAction, string> = {
  call_booked: 'Call booked',
  call_moved: 'Call moved',
  call_cancelled: 'Call cancelled',
  call_marked: 'Call marked',
};

/** "call 12: no_show" -> what follows the call's id, in words (an outcome by its label). */
function factOf(detail: string | null): string {
  const fact = detail?.split(': ')[1];
  if (!fact) return '';
  return ` ${OUTCOME_LABELS[fact as CallOutcome] ?? fact}`;
}

/** The lead's call events and e-mails, oldest first; by whom: the person, or an account's name. */
export async function callTimeline(db: Pick<Kysely<object>, 'getExecutor'>, leadId: number) {
  const [entries, mails] = await Promise.all([
    tablesOf<AuditTables & Pick<AdminAuthTables, 'admin_accounts'>>(db)
      .selectFrom('admin_audit_entries')
      .leftJoin('admin_accounts', 'admin_accounts.id', 'admin_audit_entries.account_id')
      .select(['at', 'action', 'detail', 'admin_accounts.name'])
      .where('lead_type', '=', 'candidate')
      .where('lead_id', '=', leadId)
      .where('action', 'in', CALL_ACTIONS)
      .orderBy('admin_audit_entries.id')
      .execute(),
    sentCallMails(db, leadId),
  ]);
  const events = entries.map((entry) => ({
    at: entry.at,
    kind: 'call',
    text: `${verbs[entry.action as CallAction]}${factOf(entry.detail)} by ${entry.name ?? 'the person'}`,
  }));
  return [...events, ...mails];
}
