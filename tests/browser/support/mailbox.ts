import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readableMail, type ReceivedMail } from '../../support/smtp';
import { MESSAGES } from './outside-world';

/** What the `messages` server has sent to `email` so far, as it came, oldest first. */
export function receivedBy(email: string): ReceivedMail[] {
  return readdirSync(MESSAGES.mailDir)
    .sort((a, b) => parseInt(a) - parseInt(b))
    .map(
      (file) => JSON.parse(readFileSync(path.join(MESSAGES.mailDir, file), 'utf8')) as ReceivedMail,
    )
    .filter((mail) => mail.to.includes(email));
}

/** What the `messages` server has sent to `email` so far, as a reader sees it, oldest first. */
export const mailTo = (email: string): string[] => receivedBy(email).map(readableMail);

/** The link in `mail` to our status page, or to its `next` step, as a path: `/status?token=…`. */
export function statusLinkIn(mail: string | undefined, next?: string): string | undefined {
  const step = next ? `&next=${next}` : '(?![\\w&-])';
  return new RegExp(`https?://[^/\\s]+(/status\\?token=[\\w-]+${step})`).exec(mail ?? '')?.[1];
}
