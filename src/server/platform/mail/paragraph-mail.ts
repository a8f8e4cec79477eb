import { escapeHtml } from '@shared/escape-html';
import type { MailMessage } from './mailer';

/** A paragraph: its text, or a link (after its text, if it has one). */
export type Paragraph = string | { text?: string; link: string; label: string };

/** A message whose text and HTML parts say the same paragraphs; links are written out in text. */
export function paragraphMail(
  message: Omit<MailMessage, 'text' | 'html'>,
  paragraphs: readonly Paragraph[],
): MailMessage {
  const text = paragraphs
    .map((p) => (typeof p === 'string' ? p : [p.text, p.link].filter(Boolean).join('\n')))
    .join('\n\n');
  const html = paragraphs
    .map((p) => {
      if (typeof p === 'string') return `<p>${escapeHtml(p)}</p>`;
      const before = p.text ? `${escapeHtml(p.text)}<br>` : '';
      return `<p>${before}<a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>`;
    })
    .join('');
  return { ...message, text, html: `<!doctype html><html><body>${html}</body></html>` };
}
