import type { FastifyPluginAsync } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { escapeHtml } from '@shared/escape-html';
import type { FieldOptions } from '@shared/lead-field';
import { companyFields } from '@shared/lead-fields';
import type { NotifyConfig } from '../config/config';
import { LEAD_REQUESTED, type LeadCreatedPayload } from '../leads';
import { outgoingRequest } from '../platform/http/outgoing-request';
import type { MailMessage, Mailer } from '../platform/mail/mailer';
import type { OutboxMessage } from '../platform/outbox/outbox';
import type { OutboxDestination } from '../platform/outbox/outbox-tables';
import {
  startOutboxWorker,
  type DigestOptions,
  type Sender,
  type WorkerSettings,
} from '../platform/outbox/outbox-worker';

/** Past this many new leads a minute, their e-mails become one digest a minute. */
const DIGEST_THRESHOLD = 20;
/** A receiver that does not answer within this is a failed attempt (retried later). */
const WEBHOOK_TIMEOUT_MS = 10_000;

export type NotificationWorkerSettings = WorkerSettings & { digestWindowMs?: number };

/** Where new leads are announced, given the configuration: what the leads capability writes. */
export function notifyDestinations(notify: NotifyConfig): OutboxDestination[] {
  return [
    ...(notify.emails.length > 0 ? (['email'] as const) : []),
    ...(notify.webhook ? (['webhook'] as const) : []),
  ];
}

/** Sends the outbox's notifications (decision 075) when a destination is configured. */
export const notificationsPlugin: FastifyPluginAsync<{
  notify: NotifyConfig;
  mailer: Mailer;
  siteUrl: string;
  worker?: NotificationWorkerSettings;
}> = async (app, { notify, mailer, siteUrl, worker: settings = {} }) => {
  const senders: Partial<Record<OutboxDestination, Sender>> = {};
  let digest: DigestOptions | undefined;
  if (notify.emails.length > 0) {
    senders.email = async (message) => {
      const { lead, kind } = noticeOf(message);
      const subject = kind === 'lead' ? `New ${lead.type} lead` : kindWords[kind][1];
      const opening = {
        lead: `A new ${lead.type} lead arrived.`,
        request: 'A company sent its talent request.',
        application: 'A known candidate sent the full application.',
      }[kind];
      const mark = unproven(lead) ? ' (unverified)' : '';
      await mailer.send(
        notice(notify.emails, `${subject}${mark}: ${leadName(lead)}`, [
          opening,
          '',
          ...leadLines(lead, siteUrl),
        ]),
      );
    };
    digest = {
      destination: 'email',
      threshold: DIGEST_THRESHOLD,
      windowMs: settings.digestWindowMs ?? 60_000,
      send: async (messages) => {
        const entries = messages.map(noticeOf);
        const counts = countedKinds(entries.map(({ kind }) => kind));
        await mailer.send(
          notice(notify.emails, `${counts} in the last minute`, [
            `${counts} arrived in the last minute.`,
            ...entries.flatMap(({ lead, kind }) => [
              '',
              kindWords[kind][1],
              ...leadLines(lead, siteUrl),
            ]),
          ]),
        );
      },
    };
  }
  const webhook = notify.webhook;
  if (webhook) senders.webhook = (message) => postWebhook(webhook, message);
  if (Object.keys(senders).length === 0 || settings.enabled === false) return;

  startOutboxWorker(app, 'notification', { ...settings, senders, digest });
  app.log.info({ destinations: Object.keys(senders) }, 'lead notifications on');
};

/** What a notice announces: the noun a digest counts it with ("2 requests"), and its title (a
    digest entry's first line, a request's and an application's subject). */
const kindWords = {
  lead: ['new lead', 'New lead'],
  request: ['request', 'Company request'],
  application: ['application', 'Candidate application'],
} as const;
type NoticeKind = keyof typeof kindWords;

function noticeOf(message: OutboxMessage): { lead: LeadCreatedPayload; kind: NoticeKind } {
  const lead = JSON.parse(message.payload) as LeadCreatedPayload;
  const requested = message.topic === LEAD_REQUESTED;
  return { lead, kind: !requested ? 'lead' : lead.type === 'company' ? 'request' : 'application' };
}

/** A digest's count of each kind it holds, one and many: "12 new leads and 1 request". */
function countedKinds(kinds: NoticeKind[]): string {
  const counts = (Object.keys(kindWords) as NoticeKind[]).flatMap((kind) => {
    const count = kinds.filter((each) => each === kind).length;
    return count === 0 ? [] : [`${count} ${kindWords[kind][0]}${count === 1 ? '' : 's'}`];
  });
  // en-GB: "a, b and c", no comma before the "and".
  return new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(counts);
}

/** A known lead's form without the person's proof (decision 176); older messages lack `verified`. */
const unproven = (lead: LeadCreatedPayload) => lead.verified === false;

/** The lead's name as a notice shows it: the candidate's, or the contact's and company's. */
function leadName(lead: LeadCreatedPayload): string {
  const name =
    lead.type === 'candidate'
      ? [lead.firstName, lead.lastName].filter(Boolean).join(' ')
      : lead.contactName && lead.companyName
        ? `${lead.contactName} (${lead.companyName})`
        : (lead.contactName ?? lead.companyName);
  return name || lead.email;
}

/** The facts of one lead, one "Label: value" line each. */
function leadLines(lead: LeadCreatedPayload, siteUrl: string): string[] {
  const dash = (value: string | null) => value || '-';
  return [
    ...(unproven(lead)
      ? [
          "Sent without the person's proof: the lead's stored values are shown; the form's own " +
            'values are under Unverified changes in the admin.',
        ]
      : []),
    `Type: ${lead.type === 'candidate' ? 'Candidate' : 'Company'}`,
    `Name: ${leadName(lead)}`,
    ...(lead.type === 'company' ? [`Company: ${dash(lead.companyName)}`] : []),
    `E-mail: ${lead.email}`,
    `Phone: ${dash(lead.phone)}`,
    ...(lead.talentNeeds ? requestLines(lead) : []),
    `Source page: ${dash(lead.sourcePage)}`,
    `UTM source: ${dash(lead.utmSource)}`,
    `UTM campaign: ${dash(lead.utmCampaign)}`,
    // The admin's detail of the lead (contract in HELPERS: /admin?candidate=<id>).
    `Open in the admin: ${siteUrl.replace(/\/+$/, '')}/admin?${lead.type}=${lead.id}`,
  ];
}

/** What a company's request asks for: the form's labels, its choices' labels. */
function requestLines(lead: LeadCreatedPayload): string[] {
  const { title, companySize, talentNeeds, timeline, comments } = companyFields;
  const label = (options: FieldOptions, value: string | null | undefined) =>
    options.find((option) => option.value === value)?.label ?? value ?? '-';
  return [
    `${title.label}: ${lead.title ?? '-'}`,
    `${companySize.label}: ${label(companySize.options, lead.companySize)}`,
    `${talentNeeds.label}: ${lead.talentNeeds ?? '-'}`,
    `${timeline.label}: ${label(timeline.options, lead.timeline)}`,
    `${comments.label}: ${lead.comments || '-'}`,
  ];
}

/** A plain-text notice, its HTML part the same text. */
function notice(to: readonly string[], subject: string, lines: string[]): MailMessage {
  const text = lines.join('\n');
  const html = `<pre style="font-family:inherit">${escapeHtml(text)}</pre>`;
  return { to: to.join(', '), subject, text, html };
}

/** POSTs a signed Standard Webhooks message; its id stays across retries, for deduplication. */
async function postWebhook(
  target: NonNullable<NotifyConfig['webhook']>,
  message: OutboxMessage,
): Promise<void> {
  const body = JSON.stringify({
    type: message.topic,
    timestamp: message.created_at,
    data: JSON.parse(message.payload) as unknown,
  });
  const id = `msg_${message.id}`;
  const at = new Date();
  const headers = {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(target.secret).sign(id, at, body),
  };
  const init = { method: 'POST', headers, body };
  const response = await outgoingRequest('webhook', target.url, init, WEBHOOK_TIMEOUT_MS);
  await response.body?.cancel();
  if (!response.ok) throw new Error(`webhook answered HTTP ${response.status}`);
}
