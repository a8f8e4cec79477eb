import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { auditActions } from '@shared/admin-audit';
import { leadConversionsSchema } from '@shared/admin-deliveries';
import { OUTCOME_LABELS, type CallOutcome } from '@shared/booking-calls';
import { submissionsSchema, timelineSchema } from '@shared/lead-history';
import { secondaryContactsSchema } from '@shared/lead-merge';
import { sentCallMails } from '../../bookings';
import { tablesOf } from '../../platform/database/connection';
import { nullableText } from '../../platform/http/api-schemas';
import { type LeadDesk, adminApi } from '../../leads';
import type { AuditTables } from '../audit/audit-tables';
import type { AdminAuthTables } from '../auth/auth-tables';
import { deliveryError } from './deliveries-routes';

/* A lead's detail as GET /api/…-submissions/:id answers it; the drawer's answer holds it too. */

/** The call events of a lead's audit entries: its call history (a merge moves them with it). */
export const CALL_ACTIONS = auditActions.filter((action) => action.startsWith('call_'));

/** "call 12: no_show" -> what follows the call's id, in words (an outcome by its label). */
function factOf(detail: string | null): string {
  const fact = detail?.split(': ')[1];
  if (!fact) return '';
  return ` ${OUTCOME_LABELS[fact as CallOutcome] ?? fact}`;
}

/** A candidate's call events (issue 43) and e-mails, oldest first; by the person or an account. */
async function callTimeline(db: Pick<Kysely<object>, 'getExecutor'>, leadId: number) {
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
    // call_booked -> "Call booked"
    text: `Call ${entry.action.slice(5)}${factOf(entry.detail)} by ${entry.name ?? 'the person'}`,
  }));
  return [...events, ...mails];
}

/** The detail's schema and its read (undefined for an unknown id), for one kind of lead. */
export function detailView(desk: LeadDesk, kind: (typeof adminApi.leadKinds)[number]) {
  const { table, leadType, view, schema: leadSchema } = kind;
  // The history is `timeline`; a company's own hiring one is `hiringTimeline`.
  const hiring = leadType === 'company';
  const properties = {
    ...leadSchema.properties,
    ...(hiring ? { hiringTimeline: nullableText } : {}),
    secondaryContacts: secondaryContactsSchema,
    timeline: timelineSchema,
    submissions: submissionsSchema,
    conversions: leadConversionsSchema,
  };
  const detail = async (request: FastifyRequest, id: number) => {
    const [found, calls] = await Promise.all([
      desk.detail(table, id),
      leadType === 'candidate' ? callTimeline(request.server.database.db, id) : [],
    ]);
    return (
      found && {
        ...(view as (row: object) => object)(found.row),
        ...(hiring ? { hiringTimeline: (found.row as { timeline: unknown }).timeline } : {}),
        secondaryContacts: found.secondaryContacts,
        // Oldest first; events of the same instant keep their order (a stable sort).
        timeline: [...found.timeline, ...calls].sort(adminApi.byTime),
        submissions: found.submissions,
        conversions: found.conversions.map((conversion) => ({
          ...conversion,
          error: deliveryError(request, conversion.error),
        })),
      }
    );
  };
  return { schema: { ...leadSchema, properties }, detail };
}
