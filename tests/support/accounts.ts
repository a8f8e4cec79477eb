import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AdminRole } from '../../src/shared/admin-accounts';
import { eventually } from './eventually';
import { readableMail, type LocalSmtp } from './smtp';
import { uniqueEmail } from './test-app';

/** Named accounts in API tests (decision 156), invited by e-mail through a real SMTP server. */

/** An invited account's password: long enough, and not a common one. */
export const GOOD_PASSWORD = 'a long and quiet river stone';

/** The Cookie header value of the session a response set. */
export const cookieOf = (response: { cookies: { name: string; value: string }[] }) => {
  const cookie = response.cookies.find((c) => c.name === 'tb_admin_session');
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
};

/** The token of the invitation link mailed to `email`. */
export const invitationToken = (smtp: LocalSmtp, email: string) =>
  eventually(() => {
    const mail = smtp.received.find((received) => received.to.includes(email));
    if (!mail) return undefined;
    return /\/admin\/invite\?token=([\w-]+)/.exec(readableMail(mail))?.[1];
  });

/** Invites `role` as the owner, accepts from the e-mail's link, and answers the new session. */
export async function newAccount(
  app: FastifyInstance,
  smtp: LocalSmtp,
  owner: string,
  role: AdminRole,
) {
  const email = uniqueEmail(role);
  const invited = await app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: { cookie: owner },
    payload: { email, role },
  });
  expect(invited.statusCode).toBe(201);
  const token = await invitationToken(smtp, email);
  const accepted = await app.inject({
    method: 'POST',
    url: '/api/admin/invitation/accept',
    payload: { token, name: `A ${role}`, password: GOOD_PASSWORD },
  });
  expect(accepted.statusCode).toBe(200);
  const { account } = accepted.json<{ account: { id: number } }>();
  return { email, id: account.id, cookie: cookieOf(accepted) };
}
