import type { LandingVariant } from '@shared/enums';
import { VISIT_BEACON_PATH, VISIT_VALUE_MAX, type VisitBeacon } from '@shared/visit-beacon';
import { leadAttribution } from '../attribution';
import { sendsGlobalPrivacyControl } from './gpc';

/**
 * consent.ts's CONSENT_STORAGE_KEY, spelled here: importing it would move the whole consent
 * module into the entry chunk (+0.4 KB first-load JavaScript on every page, decision 005).
 * visit-beacon.test.ts fails if the two ever differ.
 */
export const CONSENT_KEY = 'trackingConsent';

/** The landing pages of the A/B test and their variants (as their forms send them). */
const VARIANTS: Record<string, LandingVariant> = {
  '/career': 'free_training',
  '/training': 'high_salary',
};

/**
 * Counts this page load in our own visit statistics (decision 115): no cookie, only the page
 * and the landing's UTM source and campaign. Not on /admin, not with Global Privacy Control,
 * not after an opt-out.
 */
export function sendVisitBeacon(): void {
  const page = location.pathname.replace(/\/+$/, '') || '/';
  try {
    if (/^\/admin(\/|$)/.test(page) || sendsGlobalPrivacyControl()) return;
    if (localStorage.getItem(CONSENT_KEY) === 'denied') return;
  } catch {
    // storage blocked: no remembered opt-out
  }
  const { utmSource, utmCampaign } = leadAttribution(page);
  const beacon: VisitBeacon = {
    page,
    variant: VARIANTS[page],
    utmSource: utmSource?.slice(0, VISIT_VALUE_MAX),
    utmCampaign: utmCampaign?.slice(0, VISIT_VALUE_MAX),
  };
  const type = 'application/json';
  navigator.sendBeacon?.(VISIT_BEACON_PATH, new Blob([JSON.stringify(beacon)], { type }));
}
