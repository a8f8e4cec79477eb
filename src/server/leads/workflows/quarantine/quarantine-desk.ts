import type { Kysely, Selectable } from 'kysely';
import type { QuarantinedSubmission, QuarantinePage } from '@shared/admin-quarantine';
import { leadTypeOf, type LeadRecordTables } from '../../records/lead-tables';
import { tablesOf } from '../../../platform/database/connection';
import type { LeadQuarantineTable, LeadQuarantineTables } from '../../records/quarantine-tables';
import type { LeadWriteEffects } from '../../records/upsert';
import { saveLead, type TableStep } from '../../records/lead-saves';
import { expireQuarantined, keptSince, QUARANTINE_DAYS } from './lead-quarantine';
import { parsedJson } from '../people/person-report-views';

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

  /** Why submission `id` was held ("honeypot, too fast"); undefined when it is gone. */
  async reasons(id: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('lead_quarantine')
      .select('reasons')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.reasons.replaceAll(',', ', ');
  }

  /** Deletes submission `id` and saves its step as if just sent; undefined when it is gone. */
  release(id: number) {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('lead_quarantine')
        .where('id', '=', id)
        .returning(['lead_table', 'step'])
        .executeTakeFirst();
      if (!row) return undefined;
      const step = JSON.parse(row.step) as TableStep['step'];
      const saved = await saveLead(trx, { table: row.lead_table, step } as TableStep, this.effects);
      return { leadType: leadTypeOf(row.lead_table), leadId: saved.id, created: saved.created };
    });
  }

  async delete(id: number): Promise<string | undefined> {
    const row = await this.db
      .deleteFrom('lead_quarantine')
      .where('id', '=', id)
      .returning('reasons')
      .executeTakeFirst();
    return row?.reasons.replaceAll(',', ', ');
  }

  /** Forms held, and dropped since `since`: the first UTC day of the QUARANTINE_DAYS kept. */
  async figures() {
    const since = keptSince(new Date()).day;
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

  expire(): Promise<number> {
    return expireQuarantined(tablesOf<LeadQuarantineTables>(this.db));
  }
}
