import type { LandingVariant } from './enums';

/** POST /api/visits: what a public page sends once hydrated. */
export interface VisitBeacon {
  page: string;
  variant?: LandingVariant;
  utmSource?: string;
  utmCampaign?: string;
}

export const VISIT_BEACON_PATH = '/api/visits';
/** The longest page path and UTM value counted (longer ones are refused, 400). */
export const VISIT_VALUE_MAX = 100;
