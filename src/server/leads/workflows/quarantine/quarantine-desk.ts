import type { Kysely, Selectable } from 'kysely';
import type { QuarantinedSubmission, QuarantinePage } from '@shared/admin-quarantine';
import { leadTypeOf, type LeadRecordTables } from '../../records/lead-tables';
import type { LeadQuarantineTable } from '../../records/quarantine-tables';
import type { LeadWriteEffects } from '../../records/upsert';
import { saveLead, type TableStep } from '../../records/lead-saves';
import { keptSince, QUARANTINE_DAYS } from './lead-quarantine';
import { parsedJson } from '../../../platform/database/parsed-json';
import type { AlsoWrite } from '../../../platform/database/connection';

interface StoredStep {
  fields?: Record<string, string | undefined>;
  attribution?: { page?: string };
}

/** A row as the admin sees it; the step's JSON (unreadable: still listed) for name and page. */
function view(row: Selectable<LeadQuarantineTable>): QuarantinedSubmission {
  const step: StoredStep = parsedJson(row.step) ?? {};
  const fields = step.fields ?? {};
  const name =
    [fields.first_name, fields.last_name].filter(Boolean).join(' ') ||
    fields.contact_name ||
    fields.company_name ||
    null;
  return {
    id: Number(row.id),
    form: row.form,
    leadType: leadTypeOf(row.lead_table),
    email: row.email,
    name,
    page: step.attribution?.page ?? null,
    reasons: row.reasons.split(',').filter(Boolean) as QuarantinedSubmission['reasons'],
    userAgent: row.user_agent,
    receivedAt: row.received_at,
  };
}

/** Why a submission was held, as read: "honeypot, too fast". */
const readable = (reasons: string) => reasons.replaceAll(',', ', ');

type Released = { leadType: 'candidate' | 'company'; leadId: number; reasons: string };

export class QuarantineDesk {
  constructor(
    private readonly db: Kysely<LeadRecordTables>,
    private readonly effects: LeadWriteEffects,
  ) {}

  async page(limit: number, offset: number): Promise<QuarantinePage> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('lead_quarantine')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('lead_quarantine')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { total: Number(count.total), rows: rows.map(view) };
  }

  /** Deletes submission `id`, saves its step as if just sent, then `also`; undefined if gone. */
  release(id: number, also?: AlsoWrite<Released>) {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('lead_quarantine')
        .where('id', '=', id)
        .returning(['lead_table', 'step', 'reasons'])
        .executeTakeFirst();
      if (!row) return undefined;
      const step = JSON.parse(row.step) as TableStep['step'];
      const saved = await saveLead(trx, { table: row.lead_table, step } as TableStep, this.effects);
      const leadType = leadTypeOf(row.lead_table);
      const released = { leadType, leadId: saved.id, reasons: readable(row.reasons) };
      await also?.(trx, released);
      return released;
    });
  }

  /** Deletes submission `id`, then `also`, in one transaction; its reasons, undefined if gone. */
  delete(id: number, also?: AlsoWrite<string>): Promise<string | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('lead_quarantine')
        .where('id', '=', id)
        .returning('reasons')
        .executeTakeFirst();
      if (!row) return undefined;
      await also?.(trx, readable(row.reasons));
      return readable(row.reasons);
    });
  }

  /** Forms held, and dropped since `since`: the first UTC day of the QUARANTINE_DAYS kept. */
  async figures() {
    const since = keptSince().day;
    const [held, dropped] = await Promise.all([
      this.db
        .selectFrom('lead_quarantine')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('lead_quarantine_dropped')
        .select((eb) => eb.fn.sum<number | string | null>('forms').as('n'))
        .where('day', '>=', since)
        .executeTakeFirstOrThrow(),
    ]);
    return { held: Number(held.n), dropped: Number(dropped.n ?? 0), days: QUARANTINE_DAYS, since };
  }
}
