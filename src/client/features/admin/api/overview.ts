import { useQuery } from '@tanstack/react-query';

export interface Conversion {
  key: string | null;
  emailLeads: number;
  applications: number;
}

export interface Overview {
  counts: {
    typeform: number;
    candidates: number;
    candidateEmails: number;
    companies: number;
    companyEmails: number;
  };
  daily: { date: string; candidates: number; companies: number }[];
  variants: Conversion[];
  utmSources: Conversion[];
}

/** GET /api/admin/overview through the default query function. */
export const useOverview = () => useQuery<Overview>({ queryKey: ['/api/admin/overview'] });
