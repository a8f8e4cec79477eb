import type { Mailer } from '../../platform/mail/mailer';
import type { OutboxMessage } from '../../platform/outbox/outbox';
import { paragraphMail, type Paragraph } from '../../platform/mail/paragraph-mail';
import type { SiteConfig } from '@shared/site-config';
import type { AdminAccounts } from './accounts';

/** Where the invitee chooses a name and a way to sign in (the client's /admin/invite page). */
const INVITE_PATH = '/admin/invite';

/** Sends the outbox's invitation (or reset) e-mails; a withdrawn or used one sends nothing. */
export function invitationSender(
  accounts: AdminAccounts,
  mailer: Mailer,
  context: Pick<SiteConfig, 'brandName' | 'siteUrl'>,
) {
  const dashboard = `the ${context.brandName} lead dashboard`;
  return async (message: OutboxMessage): Promise<void> => {
    const { invitationId } = JSON.parse(message.payload) as { invitationId: number };
    const invitation = await accounts.tokenToSend(invitationId);
    if (!invitation) return;
    const link = `${context.siteUrl}${INVITE_PATH}?token=${invitation.token}`;
    const until = `(the link works once, until ${new Date(invitation.expiresAt).toUTCString()})`;
    const { role, sender, reset } = invitation;
    const [subject, ...paragraphs]: [string, ...Paragraph[]] = reset
      ? [
          `Your sign-in to the ${context.brandName} dashboard was reset`,
          `${sender} reset your sign-in to ${dashboard}: your password, passkeys and authenticator app no longer work. Your account and its history stay as they were.`,
          `Choose a new password or a passkey here ${until}:`,
          { link, label: 'Choose how you sign in' },
          'If you did not expect this, ignore this e-mail: nothing more happens, but you cannot sign in until an owner resets your sign-in again.',
        ]
      : [
          `Your invitation to the ${context.brandName} dashboard`,
          `${sender} invited you to ${dashboard} as ${role === 'owner' ? 'an' : 'a'} ${role}.`,
          `Choose your name, and a password or a passkey, here ${until}:`,
          { link, label: 'Accept the invitation' },
          'If you did not expect this, ignore this e-mail.',
        ];
    await mailer.send(paragraphMail({ to: invitation.email, subject }, ['Hi,', ...paragraphs]));
  };
}
