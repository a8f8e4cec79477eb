import type { LeadKind } from '@shared/lead-status';

/** The new lead's message to the notifications: what a notice shows, so they read no lead table. */
export const LEAD_CREATED = 'lead.created';

export interface LeadCreatedPayload {
  type: LeadKind;
  id: number;
  firstName: string | null;
  lastName: string | null;
  contactName: string | null;
  companyName: string | null;
  email: string;
  phone: string | null;
  sourcePage: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
}
