/** GET /api/admin/overview: what the server answers and the dashboard's Overview tab shows. */

export interface Conversion {
  /** The landing variant or UTM source; null when the lead had none. */
  key: string | null;
  emailLeads: number;
  applications: number;
}

export interface OverviewFigures {
  counts: {
    questionnaire: number;
    candidates: number;
    candidateEmails: number;
    companies: number;
    companyEmails: number;
  };
  daily: { date: string; candidates: number; companies: number }[];
  variants: Conversion[];
  utmSources: Conversion[];
}
