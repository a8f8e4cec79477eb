import type { Attribution } from '@shared/schemas/attribution';
import type { LandingVariant } from '@shared/enums';

const STORAGE_KEY = 'leadAttribution';

/** Keeps the landing page's UTM, referrer and fbclid for the session (a lead's attribution). */
export function captureLandingVisit(): void {
  try {
    if (window.sessionStorage.getItem(STORAGE_KEY)) return;
    const params = new URLSearchParams(window.location.search);
    const landing: Attribution = {
      utmSource: params.get('utm_source') ?? undefined,
      utmMedium: params.get('utm_medium') ?? undefined,
      utmCampaign: params.get('utm_campaign') ?? undefined,
      utmTerm: params.get('utm_term') ?? undefined,
      utmContent: params.get('utm_content') ?? undefined,
      referrer: document.referrer || undefined,
      // Meta's click id, as received: the server builds `fbc` from it.
      fbclid: params.get('fbclid') ?? undefined,
    };
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(landing));
  } catch {
    // Storage unavailable: leads are still sent, without attribution.
  }
}

/** The attribution to send with a lead captured on `page` (and landing `variant`). */
export function leadAttribution(page: string, variant?: LandingVariant): Attribution {
  let landing: Attribution = {};
  try {
    // Written by captureLandingVisit: JSON leaves its undefined values out.
    landing = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Attribution;
  } catch {
    // Storage unavailable: the page alone.
  }
  return { ...landing, page, ...(variant ? { variant } : {}) };
}
