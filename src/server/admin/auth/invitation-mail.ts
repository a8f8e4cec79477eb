import type { Mailer, MailMessage } from '../../platform/mail/mailer';
import type { OutboxMessage } from '../../platform/outbox/outbox';
import { escapeHtml } from '../../platform/http/escape-html';
import type { AdminAccounts, InvitationToSend } from './accounts';

/** Where the invitee chooses a name and a password (the client's /admin/invite page). */
export const INVITE_PATH = '/admin/invite';

export interface InvitationMailContext {
  brandName: string;
  siteUrl: string;
}

/** The invitation's e-mail: who invited them to what, the link, and until when it works. */
export function invitationMail(
  context: InvitationMailContext,
  invitation: InvitationToSend,
): MailMessage {
  const link = `${context.siteUrl}${INVITE_PATH}?token=${invitation.token}`;
  const until = new Date(invitation.expiresAt).toUTCString();
  const lines = [
    'Hi,',
    `You are invited to the ${context.brandName} lead dashboard as ${invitation.role === 'owner' ? 'an' : 'a'} ${invitation.role}.`,
    `Choose your name and password here (the link works once, until ${until}):`,
  ];
  const closing = `If you did not expect this, ignore this e-mail.`;
  return {
    to: invitation.email,
    subject: `Your invitation to the ${context.brandName} dashboard`,
    text: [...lines, link, closing].join('\n\n'),
    html:
      '<!doctype html><html><body>' +
      lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
      `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p><p>${escapeHtml(closing)}</p>` +
      '</body></html>',
  };
}

/** Sends the outbox's invitation e-mails; a withdrawn or used invitation's sends nothing. */
export function invitationSender(
  accounts: AdminAccounts,
  mailer: Mailer,
  context: InvitationMailContext,
) {
  return async (message: OutboxMessage): Promise<void> => {
    const { invitationId } = JSON.parse(message.payload) as { invitationId: number };
    const invitation = await accounts.tokenToSend(invitationId);
    if (invitation) await mailer.send(invitationMail(context, invitation));
  };
}
