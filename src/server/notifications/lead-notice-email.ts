import type { LeadCreatedPayload } from '../leads';
import { escapeHtml } from '@shared/escape-html';
import type { MailMessage } from '../platform/mail/mailer';

/** The lead's name as a notice shows it: the candidate's, or the contact's and company's. */
export function leadName(lead: LeadCreatedPayload): string {
  const name =
    lead.type === 'candidate'
      ? [lead.firstName, lead.lastName].filter(Boolean).join(' ')
      : [lead.contactName, lead.companyName && `(${lead.companyName})`].filter(Boolean).join(' ');
  return name || lead.email;
}

/** Where the admin opens the lead's detail (contract in HELPERS: /admin?candidate=<id>). */
export const adminLink = (siteUrl: string, lead: LeadCreatedPayload) =>
  `${siteUrl.replace(/\/+$/, '')}/admin?${lead.type}=${lead.id}`;

/** The facts of one lead, one "Label: value" line each. */
export function leadLines(lead: LeadCreatedPayload, siteUrl: string): string[] {
  const dash = (value: string | null) => value || '-';
  return [
    `Type: ${lead.type === 'candidate' ? 'Candidate' : 'Company'}`,
    `Name: ${leadName(lead)}`,
    ...(lead.type === 'company' ? [`Company: ${dash(lead.companyName)}`] : []),
    `E-mail: ${lead.email}`,
    `Phone: ${dash(lead.phone)}`,
    `Source page: ${dash(lead.sourcePage)}`,
    `UTM source: ${dash(lead.utmSource)}`,
    `UTM campaign: ${dash(lead.utmCampaign)}`,
    `Open in the admin: ${adminLink(siteUrl, lead)}`,
  ];
}

/** A plain-text notice, its HTML part the same text. */
function notice(to: readonly string[], subject: string, lines: string[]): MailMessage {
  const text = lines.join('\n');
  const html = `<pre style="font-family:inherit">${escapeHtml(text)}</pre>`;
  return { to: to.join(', '), subject, text, html };
}

/** The short e-mail NOTIFY_EMAIL receives for each new lead. */
export const leadNoticeEmail = (
  to: readonly string[],
  lead: LeadCreatedPayload,
  siteUrl: string,
): MailMessage =>
  notice(to, `New ${lead.type} lead: ${leadName(lead)}`, [
    `A new ${lead.type} lead arrived.`,
    '',
    ...leadLines(lead, siteUrl),
  ]);

/** Past 20 leads a minute: one e-mail a minute listing them all. */
export const leadDigestEmail = (
  to: readonly string[],
  leads: readonly LeadCreatedPayload[],
  siteUrl: string,
): MailMessage =>
  notice(to, `${leads.length} new leads in the last minute`, [
    `${leads.length} new leads arrived in the last minute.`,
    ...leads.flatMap((lead) => ['', ...leadLines(lead, siteUrl)]),
  ]);
