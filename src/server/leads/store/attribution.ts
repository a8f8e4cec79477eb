import { sql, type RawBuilder } from 'kysely';
import type { Attribution } from '@shared/schemas/attribution';
import type { AttributionColumns } from './lead-tables';
import { presentValues } from './present-values';

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
    fbclid: attribution?.fbclid,
  });
}

/** Attribution columns of a new lead. */
export const attributionForInsert = attributionValues;

/**
 * Attribution for an existing lead: first touch wins (coalesce keeps a stored value), so the ad
 * that brought the visitor keeps the credit.
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
