import { claims } from '@shared/claims';
import { renderTemplate } from '@shared/message-templates';
import type { MailMessage } from '../../../platform/mail/mailer';
import { escapeHtml } from '../../../platform/http/escape-html';
import { paragraphMail, type Paragraph } from '../../../platform/mail/paragraph-mail';

/* What we write to a lead's own person (decision 154); links are absolute. */
export interface PersonMailContext {
  brandName: string;
  siteUrl: string;
  supportEmail: string;
}

export type OpenStep = 'apply' | 'questionnaire';

export interface PersonMailTo {
  to: string;
  firstName: string | null;
  statusLink: string;
}

function compose(
  context: PersonMailContext,
  person: PersonMailTo,
  subject: string,
  paragraphs: Paragraph[],
): MailMessage {
  return paragraphMail({ to: person.to, subject, replyTo: context.supportEmail }, [
    person.firstName?.trim() ? `Hi ${person.firstName.trim()},` : 'Hi,',
    ...paragraphs,
    `Questions? Reply to this e-mail or write to ${context.supportEmail}.`,
    `The ${context.brandName} team`,
  ]);
}

const absolute = (context: PersonMailContext, path: string) => `${context.siteUrl}${path}`;

const stepLink = (context: PersonMailContext, statusLink: string, step: OpenStep) =>
  absolute(context, `${statusLink}&next=${step}`);

const stepText: Record<OpenStep, { text: string; label: string }> = {
  apply: {
    text: 'One step is still open: your application. It takes about two minutes:',
    label: 'Complete your application',
  },
  questionnaire: {
    text: 'One step is still open: the questionnaire. It takes a few minutes:',
    label: 'Complete the questionnaire',
  },
};

export function candidateConfirmation(
  context: PersonMailContext,
  person: PersonMailTo,
  open: OpenStep | undefined,
): MailMessage {
  return compose(context, person, `We received your ${context.brandName} application`, [
    `Thanks for your interest in the ${context.brandName} AI data center technician programme: free ${claims.trainingWeeks}-week training paid for by employers, then a full-time job with a partner company.`,
    ...(open
      ? [{ ...stepText[open], link: stepLink(context, person.statusLink, open) }]
      : ['We have everything we need; we will contact you shortly to discuss next steps.']),
    {
      text: 'See where you stand, correct your details or stop our e-mails on your status page:',
      link: absolute(context, person.statusLink),
      label: 'Your status page',
    },
  ]);
}

export function companyConfirmation(context: PersonMailContext, person: PersonMailTo): MailMessage {
  const days = claims.companyResponseBusinessDays;
  return compose(context, person, `We received your ${context.brandName} request`, [
    `Thank you for your interest. A talent specialist will contact you within ${days} business day.`,
    {
      text: 'See what you sent us, or correct it, on your status page:',
      link: absolute(context, person.statusLink),
      label: 'Your status page',
    },
  ]);
}

/** A reminder of the step still open; it carries the one-click unsubscribe (RFC 8058). */
export function candidateReminder(
  context: PersonMailContext,
  person: PersonMailTo,
  open: OpenStep,
  unsubscribeUrl: string,
): MailMessage {
  const message = compose(
    context,
    person,
    open === 'apply'
      ? `Your ${context.brandName} application is waiting`
      : `Your ${context.brandName} questionnaire is waiting`,
    [
      `Your place in the free ${claims.trainingWeeks}-week ${context.brandName} programme is not secured yet.`,
      { ...stepText[open], link: stepLink(context, person.statusLink, open) },
      {
        text: 'No more reminders? One click stops them:',
        link: unsubscribeUrl,
        label: 'Stop reminders',
      },
    ],
  );
  return {
    ...message,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** "Lost your link?" */
export function statusLinkMail(context: PersonMailContext, person: PersonMailTo): MailMessage {
  return compose(context, person, `Your ${context.brandName} status page`, [
    {
      text: 'You asked for a new link to your status page. It works for a few days:',
      link: absolute(context, person.statusLink),
      label: 'Your status page',
    },
    'If you did not ask for it, you can ignore this e-mail.',
  ]);
}

/** A stage-change message: the admin's template, its placeholders filled in. */
export function statusMessageMail(
  context: PersonMailContext,
  person: PersonMailTo & { company: string | null },
  template: { subject: string; body: string },
): MailMessage {
  const values = {
    firstName: person.firstName?.trim() ?? '',
    company: person.company?.trim() ?? '',
    statusLink: absolute(context, person.statusLink),
    supportEmail: context.supportEmail,
  };
  const body = renderTemplate(template.body, values);
  return {
    to: person.to,
    subject: renderTemplate(template.subject, values),
    text: body,
    html: `<!doctype html><html><body>${body
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
      .join('')}</body></html>`,
    replyTo: context.supportEmail,
  };
}

/** The outbox topics of the messages to the person (besides the confirmation's 'lead.created'). */
export const PERSON_REMINDER = 'person.reminder';
export const PERSON_STATUS_LINK = 'person.status-link';
export const PERSON_STATUS_MESSAGE = 'person.status-message';
