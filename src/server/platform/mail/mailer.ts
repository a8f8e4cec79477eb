import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { withoutSecrets } from '../http/redact-secrets';
import { OUTBOX_FOLDER } from './outbox-files';

interface MailSettings {
  smtpUrl: string | undefined;
  sendgridApiKey: string | undefined;
  from: string;
  /** Connection, greeting and socket-inactivity timeout, in ms (default SMTP_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** A bound per step: nodemailer's defaults would hang a send for minutes (decision 105). */
const SMTP_TIMEOUT_MS = 15_000;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
  /** An iCalendar invitation (RFC 6047): nodemailer adds it as text/calendar with its method. */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
}

export type MailTransportKind = 'smtp' | 'sendgrid' | 'outbox';

export interface Mailer {
  kind: MailTransportKind;
  /** The From address every message carries (MAIL_FROM). */
  from: string;
  /** Resolves once the message was accepted (by the server, or written to the outbox). */
  send(message: MailMessage): Promise<{ outboxFile?: string }>;
  close(): void;
}

/** SMTP_URL, else SendGrid's relay, else .eml files in DATA_DIR/outbox (decision 023). */
export function createMailer(mail: MailSettings, dataDir: string): Mailer {
  const ms = mail.timeoutMs ?? SMTP_TIMEOUT_MS;
  const timeouts = {
    connectionTimeout: ms,
    greetingTimeout: ms,
    socketTimeout: ms,
    dnsTimeout: ms,
  };
  if (mail.smtpUrl) {
    const transport = nodemailer.createTransport({ url: mail.smtpUrl, ...timeouts });
    const { password } = new URL(mail.smtpUrl);
    const secrets = [mail.smtpUrl, decodeURIComponent(password)];
    return smtpMailer('smtp', transport, mail.from, secrets);
  }
  if (mail.sendgridApiKey) {
    const transport = nodemailer.createTransport({
      ...timeouts,
      host: 'smtp.sendgrid.net',
      port: 587,
      requireTLS: true,
      auth: { user: 'apikey', pass: mail.sendgridApiKey },
    });
    return smtpMailer('sendgrid', transport, mail.from, [mail.sendgridApiKey]);
  }
  return outboxMailer(path.join(dataDir, OUTBOX_FOLDER), mail.from);
}

/** `secrets`: what the server may echo in a refusal (an AUTH line, say); cut from every error. */
function smtpMailer(
  kind: MailTransportKind,
  transport: Transporter,
  from: string,
  secrets: string[],
): Mailer {
  const credentials = secrets.filter((secret) => secret.length > 0);
  return {
    kind,
    from,
    async send(message) {
      try {
        await transport.sendMail({ from, ...message });
      } catch (error) {
        // The codes stay: the admin's "Send form email" logs them (never the message).
        const { code, responseCode } = error as { code?: string; responseCode?: number };
        throw Object.assign(withoutSecrets(error, credentials), { code, responseCode });
      }
      return {};
    },
    close: () => transport.close(),
  };
}

function outboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'outbox',
    from,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      // The file name says when, never to whom.
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      return { outboxFile: file };
    },
    close: () => transport.close(),
  };
}
