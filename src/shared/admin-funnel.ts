/** GET /api/admin/funnel: what the server answers and the Overview's Funnel section shows. */

export interface FunnelStep {
  /** The variant, utm_source or utm_campaign; null: none. */
  key: string | null;
  visitors: number;
  leads: number;
  questionnaires: number;
  applications: number;
  /** Leads that finished the step a reminder asked for, after it (issue 21): "recovered by reminders". */
  recoveredByReminders: number;
  /** Leads whose status is enrolled or placed now (a lead counts in the period it arrived). */
  enrolled: number;
  /** Leads whose status is placed now. */
  placed: number;
  /** leads / visitors; null without visitors. */
  leadRate: number | null;
  /** questionnaires / leads; null without leads. */
  questionnaireRate: number | null;
  /** applications / leads (an application need not follow the questionnaire). */
  applicationRate: number | null;
  /** Ad spend matched to this key, in minor units of `currency`; null: none. */
  spend: number | null;
  currency: string | null;
  /** spend / the count, in minor units; null where the count is 0 or there is no spend. */
  costPerLead: number | null;
  costPerApplication: number | null;
  costPerEnrolled: number | null;
  costPerPlacement: number | null;
}

/** Spend of a campaign that no lead's utm_campaign matched (nor the admin's mapping). */
export interface UnmatchedSpend {
  source: string;
  campaign: string;
  campaignName: string;
  spend: number;
}

/** A week (its Monday, UTC) of the range: spend, and the leads that arrived in it and are placed. */
export interface FunnelWeek {
  week: string;
  spend: number;
  placed: number;
}

export interface FunnelFigures {
  from: string;
  to: string;
  variants: FunnelStep[];
  utmSources: FunnelStep[];
  utmCampaigns: FunnelStep[];
  /** The one currency of every amount in this report; null: no spend in the range. */
  currency: string | null;
  /** Each currency with spend in the range (most first): a report per currency, never mixed. */
  currencies: { currency: string; spend: number }[];
  unmatchedSpend: UnmatchedSpend[];
  weeks: FunnelWeek[];
}

/** GET/POST /api/admin/spend/mappings: leads with this utm_campaign belong to that campaign. */
export interface SpendMapping {
  utmCampaign: string;
  source: string;
  campaign: string;
}
