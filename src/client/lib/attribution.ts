import type { Attribution } from '@shared/schemas/attribution';
import type { LandingVariant } from '@shared/enums';
import { LANDING_PARAMS } from '@shared/landing-params';

const STORAGE_KEY = 'leadAttribution';

/** The landing kept (JSON leaves its undefined values out), or null. */
function keptLanding(): Attribution | null {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Attribution | null;
  } catch {
    return null; // storage unavailable: leads are still sent, without attribution
  }
}

/** Keeps the landing's UTM, referrer and fbclid for the session (a lead's attribution); another
    ad's click in the tab replaces them: its visit, lead and `fbc` are that ad's, as `_fbc` is. */
export function captureLandingVisit(): void {
  const params = new URLSearchParams(location.search);
  const click = Object.entries(LANDING_PARAMS).map(
    ([key, name]) => [key as keyof typeof LANDING_PARAMS, params.get(name) ?? undefined] as const,
  );
  const kept = keptLanding();
  if (kept && !click.some(([key, value]) => value !== undefined && value !== kept[key])) return;
  const landing = { ...Object.fromEntries(click), referrer: document.referrer || undefined };
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(landing));
  } catch {
    // Storage unavailable: leads are still sent, without attribution.
  }
}

/** The attribution to send with a lead captured on `page` (and landing `variant`). */
export function leadAttribution(page: string, variant?: LandingVariant): Attribution {
  return { ...keptLanding(), page, ...(variant ? { variant } : {}) };
}
