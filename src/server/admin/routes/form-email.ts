import type { MailMessage } from '../../platform/mail/mailer';
import { escapeHtml } from '../../platform/http/escape-html';

export interface FormEmailInput {
  to: string;
  firstName: string | null;
  brandName: string;
  /** SITE_URL; the link goes to SITE_URL/apply. */
  siteUrl: string;
}

/** The admin's "send form e-mail": a short note with the link to complete the application. */
export function formEmail({ to, firstName, brandName, siteUrl }: FormEmailInput): MailMessage {
  const link = `${siteUrl}/apply`;
  const greeting = firstName?.trim() ? `Hi ${firstName.trim()},` : 'Hi,';
  const lines = [
    greeting,
    '',
    `Thanks for your interest in the ${brandName} AI data center technician programme: free 8-week training paid for by employers, then a full-time job with a partner company.`,
    '',
    'To secure your place, please complete your application (it takes about two minutes):',
    link,
    '',
    `The ${brandName} team`,
  ];
  const paragraphs = [
    escapeHtml(greeting),
    escapeHtml(lines[2] as string),
    `${escapeHtml(lines[4] as string)}<br><a href="${escapeHtml(link)}">Complete your application</a>`,
    escapeHtml(`The ${brandName} team`),
  ];
  return {
    to,
    subject: `Complete your ${brandName} application`,
    text: lines.join('\n'),
    html: `<!doctype html><html><body>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`,
  };
}
