import type { FastifyRequest } from 'fastify';
import { DAY_MS } from '@shared/calendar-day';
import { sql, type Kysely } from 'kysely';
import { leadTables, type LeadRecordTables } from '../../records/lead-tables';
import { cookieValue, type SiteCookies } from '../../../platform/http/cookies';
import { newToken, sha256Hex } from '../../../platform/http/tokens';
import type { MigrationSet } from '../../../platform/database/migration-runner';

/* The mailbox proof (decision 176): a status link opened here proves this browser reads the
   address's mail. A random cookie; only its SHA-256 is kept, with the address and an expiry. */

export const MAILBOX_COOKIE = 'tb_mailbox';

/** Long enough to read the page and act on it; a later visit asks for a new link. */
export const MAILBOX_SESSION_MS = DAY_MS;

export type MailboxSessionTables = {
  mailbox_sessions: {
    token_hash: string;
    email_normalized: string;
    created_at: string;
    expires_at: string;
  };
};

type Db = Kysely<MailboxSessionTables>;

/** Starts the address's one session (ending older and expired ones); answers its token. */
export async function startMailboxSession(db: Db, emailNormalized: string, now: Date) {
  await db
    .deleteFrom('mailbox_sessions')
    .where((eb) =>
      eb.or([
        eb('email_normalized', '=', emailNormalized),
        eb('expires_at', '<=', now.toISOString()),
      ]),
    )
    .execute();
  const token = newToken();
  await db
    .insertInto('mailbox_sessions')
    .values({
      token_hash: sha256Hex(token),
      email_normalized: emailNormalized,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + MAILBOX_SESSION_MS).toISOString(),
    })
    .execute();
  return token;
}

/** The address this request's mailbox cookie proves, if its session is ours and current. */
export async function mailboxOf(db: Db, request: FastifyRequest): Promise<string | undefined> {
  const token = cookieValue(request.headers.cookie, MAILBOX_COOKIE);
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const row = await db
    .selectFrom('mailbox_sessions')
    .select('email_normalized')
    .where('token_hash', '=', sha256Hex(token))
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  return row?.email_normalized;
}

/** Raises its leads' proof generation: older form proofs (a stranger's too) stop counting. */
export async function claimLeads(db: Kysely<LeadRecordTables>, emailNormalized: string) {
  const claimed = await Promise.all(
    leadTables.map(async (table) => {
      const rows = await db
        .updateTable(table)
        .set({ proof_issued: sql`proof_issued + 1` } as never)
        .where('email_normalized', '=', emailNormalized)
        .returning(['id', 'proof_issued'])
        .execute();
      return rows.map((row) => ({ table, id: Number(row.id), generation: row.proof_issued }));
    }),
  );
  return claimed.flat();
}

/** Ends every session of the address (an erasure). */
export async function endMailboxSessions(db: Db, emailNormalized: string): Promise<void> {
  await db.deleteFrom('mailbox_sessions').where('email_normalized', '=', emailNormalized).execute();
}

/** The Set-Cookie value carrying `token`, or clearing it when `token` is empty. */
export const mailboxCookie = (cookies: SiteCookies, request: FastifyRequest, token: string) =>
  cookies.header(request, MAILBOX_COOKIE, token, token ? MAILBOX_SESSION_MS / 1000 : 0);

export const mailboxSessionMigrations: MigrationSet = () => ({
  '293_mailbox_sessions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mailbox_sessions')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('email_normalized', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('mailbox_sessions_email')
        .on('mailbox_sessions')
        .column('email_normalized')
        .execute();
    },
  },
});
