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
}

export interface FunnelFigures {
  from: string;
  to: string;
  variants: FunnelStep[];
  utmSources: FunnelStep[];
  utmCampaigns: FunnelStep[];
}
