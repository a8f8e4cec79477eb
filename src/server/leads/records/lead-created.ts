import type { LeadWrite } from './upsert';
import { leadTypeOf } from './lead-tables';

/** The new lead's message to the notifications: what a notice shows, so they read no lead table. */
export const LEAD_CREATED = 'lead.created';
/** A known lead sent its completing form: the same payload. */
export const LEAD_REQUESTED = 'lead.requested';

export type LeadCreatedPayload = ReturnType<typeof leadCreatedPayload>;

/** The lead as stored after the write: a form without the proof only filled its blanks (176). */
export function leadCreatedPayload({ table, id, verified, stored }: LeadWrite) {
  const field = (column: string) => {
    const value = stored[column];
    return (typeof value === 'string' && value.trim()) || null;
  };
  return {
    type: leadTypeOf(table),
    id,
    /** False: a known lead's form sent without the person's proof. */
    verified,
    firstName: field('first_name'),
    lastName: field('last_name'),
    contactName: field('contact_name'),
    companyName: field('company_name'),
    email: field('email') ?? '',
    phone: field('phone'),
    sourcePage: field('source_page'),
    utmSource: field('utm_source'),
    utmCampaign: field('utm_campaign'),
    // What a company's request asks for (null at its e-mail step).
    ...(table === 'companies'
      ? {
          title: field('title'),
          companySize: field('company_size'),
          talentNeeds: field('talent_needs'),
          timeline: field('timeline'),
          comments: field('comments'),
        }
      : {}),
  };
}
