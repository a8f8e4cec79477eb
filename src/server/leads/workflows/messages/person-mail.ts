import { claims } from '@shared/claims';
import { renderTemplate } from '@shared/message-templates';
import { CALL_OPEN, resumeLink, type NextStep } from '@shared/person-status';
import type { MailMessage } from '../../../platform/mail/mailer';
import { escapeHtml } from '@shared/escape-html';
import { paragraphMail, type Paragraph } from '../../../platform/mail/paragraph-mail';

/* What we write to a lead's own person (decision 154); links are absolute. */

/** A stage-change message or the form e-mail: the admin's text, before its placeholders. */
export type StatusMessage = { subject: string; body: string };

export interface PersonMailContext {
  brandName: string;
  siteUrl: string;
  supportEmail: string;
}

/** A candidate's step still open (the reminders'); a company's is its hiring needs. */
export type OpenStep = Exclude<NextStep, 'hiring'>;

export interface PersonMailTo {
  to: string;
  statusLink: string;
}

/** Every e-mail to a person, framed alike. No name in the greeting: a form's name is anyone's
    text until the mailbox proves it (154). */
export function personMail(
  context: Pick<PersonMailContext, 'brandName' | 'supportEmail'>,
  to: string,
  subject: string,
  paragraphs: Paragraph[],
): MailMessage {
  return paragraphMail({ to, subject, replyTo: context.supportEmail }, [
    'Hello,',
    ...paragraphs,
    `Questions? Reply to this e-mail or write to ${context.supportEmail}.`,
    `The ${context.brandName} team`,
  ]);
}

const absolute = (context: PersonMailContext, path: string) => `${context.siteUrl}${path}`;

const statusPage = (context: PersonMailContext, person: PersonMailTo, text: string) => ({
  text,
  link: absolute(context, person.statusLink),
  label: 'Your status page',
});

const stepText: Record<NextStep, { text: string; label: string }> = {
  apply: {
    text: 'One step is still open: your application. It takes about two minutes:',
    label: 'Complete your application',
  },
  questionnaire: {
    text: 'One step is still open: the questionnaire. It takes a few minutes:',
    label: 'Complete the questionnaire',
  },
  hiring: {
    text: 'One step is still open: your hiring needs. It takes a few minutes:',
    label: 'Tell us your hiring needs',
  },
};

/** What the confirmation says once nothing is left for the candidate to send. */
const COMPLETE = 'Your application is complete: we have everything we need';

/** Complete, and a time open: the call is their next step, not ours (the status page's words). */
const bookParagraph = (context: PersonMailContext, statusLink: string) => ({
  text: `${COMPLETE}. ${CALL_OPEN}`,
  link: absolute(context, resumeLink(statusLink, 'book')),
  label: 'Book your call',
});

/** The button of the step still open: the status link, which resumes that step prefilled. */
const stepParagraph = (context: PersonMailContext, statusLink: string, step: NextStep) => ({
  ...stepText[step],
  link: absolute(context, resumeLink(statusLink, step)),
});

const thanks = (brandName: string) =>
  `Thanks for your interest in the ${brandName} AI data center technician programme: free ${claims.trainingWeeks}-week training paid for by employers, then a full-time job with a partner company.`;

/** The team's form e-mail as text the recruiter sees and may edit; `{statusLink}` resumes. */
export function formEmailMessage(brandName: string, firstName: string | null, open?: NextStep) {
  const paragraphs = [
    firstName?.trim() ? 'Hi {firstName},' : 'Hi,',
    thanks(brandName),
    `${open ? stepText[open].text : 'See where your application stands:'}\n{statusLink}`,
    `The ${brandName} team`,
  ];
  return { subject: `Complete your ${brandName} application`, body: paragraphs.join('\n\n') };
}

/** Where the person stands when it is sent: the step still open, else how things stand. */
export interface Standing {
  open: NextStep | undefined;
  /** The status's words once the team moved the lead on (status-words.ts). */
  words: string | undefined;
  /** Complete, not yet moved on, and a time open: the call is the next step (issue 43). */
  book?: boolean;
}

export function candidateConfirmation(
  context: PersonMailContext,
  person: PersonMailTo,
  { open, words, book }: Standing,
): MailMessage {
  // An application is complete only once no step is open (decision 177): the subject says so.
  const subject = open
    ? `We received your ${context.brandName} details: one step is left`
    : `We received your ${context.brandName} application`;
  // What the page offers: "Stop Reminders" while a step is open, else "Withdraw my application".
  const choice = open ? 'stop reminders' : 'withdraw your application';
  return personMail(context, person.to, subject, [
    thanks(context.brandName),
    open
      ? stepParagraph(context, person.statusLink, open)
      : (words ??
        (book
          ? bookParagraph(context, person.statusLink)
          : `${COMPLETE} and will contact you shortly to discuss next steps.`)),
    statusPage(
      context,
      person,
      `See where you stand, correct your details or ${choice} on your status page:`,
    ),
  ]);
}

export function companyConfirmation(
  context: PersonMailContext,
  person: PersonMailTo,
  { open, words }: Standing,
): MailMessage {
  const days = claims.companyResponseBusinessDays;
  return personMail(context, person.to, `We received your ${context.brandName} request`, [
    `Thank you for your interest. A talent specialist will contact you within ${days} business day.`,
    ...(open ? [stepParagraph(context, person.statusLink, open)] : words ? [words] : []),
    statusPage(context, person, 'See what you sent us, or correct it, on your status page:'),
  ]);
}

/** A reminder of the step still open; it carries the one-click unsubscribe (RFC 8058). */
export function candidateReminder(
  context: PersonMailContext,
  person: PersonMailTo,
  open: OpenStep,
  unsubscribeUrl: string,
): MailMessage {
  const waiting = open === 'apply' ? 'application' : 'questionnaire';
  const message = personMail(
    context,
    person.to,
    `Your ${context.brandName} ${waiting} is waiting`,
    [
      `Your place in the free ${claims.trainingWeeks}-week ${context.brandName} programme is not secured yet.`,
      stepParagraph(context, person.statusLink, open),
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

/** "Lost your link?": how long it works, STATUS_LINK_DAYS, said as it is. */
export function statusLinkMail(
  context: PersonMailContext,
  person: PersonMailTo,
  validDays: number,
): MailMessage {
  const days = validDays === 1 ? '1 day' : `${validDays} days`;
  return personMail(context, person.to, `Your ${context.brandName} status page`, [
    statusPage(
      context,
      person,
      `You asked for a new link to your status page. It works for ${days}:`,
    ),
    'If you did not ask for it, you can ignore this e-mail.',
  ]);
}

/** Escaped text with its web addresses as links (a status link is one), not a closing stop. */
const linked = (html: string) =>
  html.replace(/https?:\/\/[^\s<]*[^\s<.,;:!?)]/g, '<a href="$&">$&</a>');

/** A stage-change message or the form e-mail: the admin's text, its placeholders filled in. */
export function statusMessageMail(
  context: PersonMailContext,
  person: PersonMailTo & { firstName: string | null; company: string | null },
  template: StatusMessage,
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
      .map((paragraph) => `<p>${linked(escapeHtml(paragraph)).replace(/\n/g, '<br>')}</p>`)
      .join('')}</body></html>`,
    replyTo: context.supportEmail,
  };
}

/** The outbox topics of the messages to the person (besides the confirmation's 'lead.created'). */
export const PERSON_REMINDER = 'person.reminder';
export const PERSON_STATUS_LINK = 'person.status-link';
export const PERSON_STATUS_MESSAGE = 'person.status-message';
