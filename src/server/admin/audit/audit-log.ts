import type { Kysely } from 'kysely';
import type { AuditTables } from './audit-tables';

export const auditActions = [
  'sign_in',
  'sign_in_failed',
  'export',
  'delete',
  'email_sent',
  'status_changed',
  'note_added',
  'sign_out_everywhere',
  'quarantine_released',
  'quarantine_deleted',
] as const;
export type AuditAction = (typeof auditActions)[number];

export interface AuditEntryInput {
  action: AuditAction;
  leadType?: 'candidate' | 'company';
  leadId?: number;
  /** A short fact; never a password or a lead's personal data (names, e-mail, note text). */
  detail?: string;
}

/** An entry as GET /api/admin/audit answers it (HELPERS contract). */
export interface AuditEntryView {
  id: number;
  at: string;
  action: string;
  actor: string;
  leadType: 'candidate' | 'company' | null;
  leadId: number | null;
  detail: string | null;
}

/** The admin audit log's table: entries written, pages read newest first. */
export class AuditLog {
  constructor(private readonly db: Kysely<AuditTables>) {}

  async add(entry: AuditEntryInput, actor: string, now = new Date()): Promise<void> {
    if (entry.action === 'delete' && entry.leadType && entry.leadId !== undefined) {
      // A deleted lead's earlier entries keep their action and id only.
      await this.db
        .updateTable('admin_audit_entries')
        .set({ detail: null })
        .where('lead_type', '=', entry.leadType)
        .where('lead_id', '=', entry.leadId)
        .execute();
    }
    await this.db
      .insertInto('admin_audit_entries')
      .values({
        at: now.toISOString(),
        action: entry.action,
        actor,
        lead_type: entry.leadType ?? null,
        lead_id: entry.leadId ?? null,
        detail: entry.detail ?? null,
      })
      .execute();
  }

  async page(limit: number, offset: number): Promise<{ rows: AuditEntryView[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('admin_audit_entries')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('admin_audit_entries')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.total),
      rows: rows.map((row) => ({
        id: Number(row.id),
        at: row.at,
        action: row.action,
        actor: row.actor,
        leadType: row.lead_type,
        leadId: row.lead_id === null ? null : Number(row.lead_id),
        detail: row.detail,
      })),
    };
  }
}
