import type { Mailer } from '../../platform/mail/mailer';
import type { OutboxMessage } from '../../platform/outbox/outbox';
import { paragraphMail } from '../../platform/mail/paragraph-mail';
import type { SiteConfig } from '@shared/site-config';
import type { AdminAccounts } from './accounts';

/** Where the invitee chooses a name and a password (the client's /admin/invite page). */
const INVITE_PATH = '/admin/invite';

/**
 * Sends the outbox's invitation e-mails: who invited them to what, the link, and until when it
 * works; a withdrawn or used invitation's sends nothing.
 */
export function invitationSender(
  accounts: AdminAccounts,
  mailer: Mailer,
  context: Pick<SiteConfig, 'brandName' | 'siteUrl'>,
) {
  return async (message: OutboxMessage): Promise<void> => {
    const { invitationId } = JSON.parse(message.payload) as { invitationId: number };
    const invitation = await accounts.tokenToSend(invitationId);
    if (!invitation) return;
    const link = `${context.siteUrl}${INVITE_PATH}?token=${invitation.token}`;
    const until = new Date(invitation.expiresAt).toUTCString();
    const subject = `Your invitation to the ${context.brandName} dashboard`;
    await mailer.send(
      paragraphMail({ to: invitation.email, subject }, [
        'Hi,',
        `You are invited to the ${context.brandName} lead dashboard as ${invitation.role === 'owner' ? 'an' : 'a'} ${invitation.role}.`,
        `Choose your name and password here (the link works once, until ${until}):`,
        { link, label: 'Accept the invitation' },
        'If you did not expect this, ignore this e-mail.',
      ]),
    );
  };
}
