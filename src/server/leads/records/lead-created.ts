import type { LeadStep } from './upsert';
import { leadTypeOf, type LeadTable } from './lead-tables';

/** The new lead's message to the notifications: what a notice shows, so they read no lead table. */
export const LEAD_CREATED = 'lead.created';
/** A known lead sent its completing form (a candidate's application, a company's request, from
    their page or /contact): the same payload. */
export const LEAD_REQUESTED = 'lead.requested';

export type LeadCreatedPayload = ReturnType<typeof leadCreatedPayload>;

export function leadCreatedPayload(table: LeadTable, id: number, step: LeadStep<string, string>) {
  const field = (name: string) => step.fields?.[name]?.trim() || null;
  return {
    type: leadTypeOf(table),
    id,
    firstName: field('first_name'),
    lastName: field('last_name'),
    contactName: field('contact_name'),
    companyName: field('company_name'),
    email: step.email.trim(),
    phone: field('phone'),
    sourcePage: step.attribution?.page || null,
    utmSource: step.attribution?.utmSource || null,
    utmCampaign: step.attribution?.utmCampaign || null,
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
