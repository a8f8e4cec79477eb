import { SMTPServer } from 'smtp-server';
import { freePort } from './ports';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  /** The raw message as it came over the wire (headers and body). */
  raw: string;
}

export interface LocalSmtp {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Addresses refused at RCPT TO with a 550 that quotes them, as mail servers do. */
  refused: Set<string>;
  /** Resolves with the next message received (or one already waiting). */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a loopback port (free, unless one is given) that keeps what it receives
 * (no TLS, no auth). A promise from `onMail` holds the answer to that message's DATA (the sender
 * waits in its send) until it settles.
 */
export async function startLocalSmtp(
  fixedPort?: number,
  onMail?: (mail: ReceivedMail) => void | Promise<void>,
): Promise<LocalSmtp> {
  const received: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  let taken = 0;
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo({ address }, _session, callback) {
      if (!refused.has(address)) return callback();
      callback(new Error(`<${address}>: Recipient address rejected: Mailbox unavailable`));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        const held = onMail?.(mail);
        waiting.shift()?.(mail);
        void Promise.resolve(held).then(() => callback());
      });
    },
  });
  const port = fixedPort ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused,
    next(timeoutMs = 10_000) {
      const ready = received[taken];
      if (ready) {
        taken++;
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail received in time')), timeoutMs);
        waiting.push((mail) => {
          clearTimeout(timer);
          taken++;
          resolve(mail);
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The raw mail with folded headers unfolded and quoted-printable undone: what a reader sees. */
export const readableMail = (mail: ReceivedMail) =>
  mail.raw
    // Not a soft line break ("=" ending a line, not an encoded word's "?="): a body line after
    // one may begin with a space, which unfolding would turn into "= " (a date's length decides).
    .replace(/(?<!(?<!\?)=\r?)\r?\n[ \t]+/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
