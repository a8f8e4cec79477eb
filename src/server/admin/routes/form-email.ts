import type { MailMessage } from '../../platform/mail/mailer';
import { paragraphMail } from '../../platform/mail/paragraph-mail';

export interface FormEmailInput {
  to: string;
  firstName: string | null;
  brandName: string;
  /** SITE_URL; the link goes to SITE_URL/apply. */
  siteUrl: string;
}

/** The admin's "send form e-mail": a short note with the link to complete the application. */
export function formEmail({ to, firstName, brandName, siteUrl }: FormEmailInput): MailMessage {
  return paragraphMail({ to, subject: `Complete your ${brandName} application` }, [
    firstName?.trim() ? `Hi ${firstName.trim()},` : 'Hi,',
    `Thanks for your interest in the ${brandName} AI data center technician programme: free 8-week training paid for by employers, then a full-time job with a partner company.`,
    {
      text: 'To secure your place, please complete your application (it takes about two minutes):',
      link: `${siteUrl}/apply`,
      label: 'Complete your application',
    },
    `The ${brandName} team`,
  ]);
}
