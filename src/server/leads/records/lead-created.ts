/*
 * The 'lead.created' message: written by the leads capability with the new lead, read by
 * the notifications. It carries what a notice shows, so the sender never reads lead tables.
 */

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
