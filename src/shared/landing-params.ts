/** An ad click's values in a landing URL, by the attribution's names: what a lead keeps of its
    landing, with JavaScript (client/lib/attribution.ts) and without (the Referer's query). */
export const LANDING_PARAMS = {
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmTerm: 'utm_term',
  utmContent: 'utm_content',
  fbclid: 'fbclid',
} as const;
