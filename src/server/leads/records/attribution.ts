import type { Attribution } from '@shared/schemas/attribution';
import type { AttributionColumns } from './lead-tables';
import { presentValues } from './present-values';

/** The attribution columns a form's attribution fills (blanks left out). */
export function attributionValues(
  attribution: Attribution | undefined,
): Partial<AttributionColumns> {
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
