/** The new lead's message to the notifications: what a notice shows, so they read no lead table. */
export const LEAD_CREATED = 'lead.created';

export interface LeadCreatedPayload {
  type: 'candidate' | 'company';
  id: number;
  /** Candidates: first and last name. */
  firstName: string | null;
  lastName: string | null;
  /** Companies: contact and company name. */
  contactName: string | null;
  companyName: string | null;
  email: string;
  phone: string | null;
  sourcePage: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
}
