import { sql, type RawBuilder } from 'kysely';
import type { Attribution } from '../../shared/schemas/attribution';
import type { AttributionColumns } from './schema';

/** What a lead write answers: the record's id, and whether this write created it. */
export interface SaveResult {
  id: number;
  created: boolean;
}

/** Same address whatever its case or surrounding spaces: one lead per e-mail. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const nowIso = (): string => new Date().toISOString();

/**
 * Keeps only the fields that carry a value: a later step never erases data with a blank.
 * NUL characters are dropped: PostgreSQL text cannot hold them, and no form field needs one.
 */
export function presentValues<T extends Record<string, string | null | undefined>>(
  fields: T,
): Partial<Record<keyof T, string>> {
  const out: Partial<Record<keyof T, string>> = {};
  for (const [key, value] of Object.entries(fields) as [keyof T, T[keyof T]][]) {
    const clean = typeof value === 'string' ? value.replaceAll('\u0000', '') : '';
    if (clean.trim() !== '') out[key] = clean;
  }
  return out;
}

function attributionValues(attribution: Attribution | undefined): Partial<AttributionColumns> {
  return presentValues({
    source_page: attribution?.page,
    landing_variant: attribution?.variant,
    utm_source: attribution?.utmSource,
    utm_medium: attribution?.utmMedium,
    utm_campaign: attribution?.utmCampaign,
    utm_term: attribution?.utmTerm,
    utm_content: attribution?.utmContent,
    referrer: attribution?.referrer,
  });
}

/** Attribution columns of a new lead. */
export const attributionForInsert = attributionValues;

/**
 * Attribution for an existing lead: first touch wins, so a value is written only where the
 * column is still empty (coalesce keeps the stored one). The ad that brought the visitor
 * keeps the credit even if a later step came from elsewhere.
 */
export function attributionForUpdate(
  attribution: Attribution | undefined,
): Partial<Record<keyof AttributionColumns, RawBuilder<string>>> {
  const out: Partial<Record<keyof AttributionColumns, RawBuilder<string>>> = {};
  for (const [column, value] of Object.entries(attributionValues(attribution))) {
    out[column as keyof AttributionColumns] = sql<string>`coalesce(${sql.ref(column)}, ${value})`;
  }
  return out;
}

/**
 * Moves `stage` forward to `target` but never back: a candidate who already applied stays
 * an application when an earlier form is re-sent. Undefined when nothing can change.
 */
export function raiseStage<S extends string>(
  order: readonly S[],
  target: S,
): RawBuilder<S> | undefined {
  const earlier = order.slice(0, order.indexOf(target));
  if (earlier.length === 0) return undefined;
  const stage = sql.ref('stage');
  return sql<S>`case when ${stage} in (${sql.join(earlier)}) then ${target} else ${stage} end`;
}

/**
 * One record per e-mail, race-free on both databases without reading first: insert unless
 * the e-mail exists (ON CONFLICT DO NOTHING waits for a concurrent insert of the same
 * e-mail to commit), otherwise update the existing row. If the row vanished in between (an
 * admin deleted it), try again.
 */
export async function insertOrUpdate(steps: {
  insert(): Promise<{ id: number } | undefined>;
  update(): Promise<{ id: number } | undefined>;
}): Promise<SaveResult> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await steps.insert();
    if (inserted) return { id: inserted.id, created: true };
    const updated = await steps.update();
    if (updated) return { id: updated.id, created: false };
  }
  throw new Error('lead upsert lost three races in a row');
}
