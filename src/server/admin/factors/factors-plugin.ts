import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SecondFactor } from '@shared/admin-factors';
import type { ServerConfig } from '../../config/config';
import { tablesOf, type SharedTransaction } from '../../platform/database/connection';
import { newToken, sha256Hex } from '../../platform/http/tokens';
import type { AdminAuthTables } from '../auth/auth-tables';
import { verifyPassword } from '../auth/password';
import { passwordHashOf, type LiveSession } from '../auth/sessions';
import type { AdminFactorTables } from './factor-tables';
import { Passkeys, relyingPartyOf } from './passkeys';
import { TotpFactor } from './totp';

/** A password sign-in waits this long for its second factor. */
const PENDING_TTL_MS = 5 * 60 * 1000;
const PENDING_COOKIE = 'tb_admin_pending';
/** The pending cookie goes to the sign-in's routes only. */
const PENDING_PATH = '/api/admin/login';
/** What an account has proved or started with: its factors and a sign-in awaiting one. */
const FACTOR_TABLES = [
  'admin_passkeys',
  'admin_totp',
  'admin_recovery_codes',
  'admin_pending_sign_ins',
] as const;
/** Changing a factor needs a factor (or the password) proved this recently on the session. */
const RECENT_CONFIRMATION_MS = 5 * 60 * 1000;

/** Removes an account's factors and pending sign-in: a reset, or admin:reset-owner-sign-in. */
export async function forgetFactors(accountId: number, trx: SharedTransaction) {
  const tables = tablesOf<AdminFactorTables>(trx);
  for (const table of FACTOR_TABLES) {
    await tables.deleteFrom(table).where('account_id', '=', accountId).execute();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    adminFactors: ReturnType<typeof adminFactors>;
  }
}

/** Second factors (decision 157), the pending sign-in, and the confirmation changes need. */
export const factorsPlugin = fp<{ config: ServerConfig }>(async (app, { config }) => {
  app.decorate('adminFactors', adminFactors(app, config));
});

function adminFactors(app: FastifyInstance, { site, adminRequireMfa: required }: ServerConfig) {
  const db = tablesOf<AdminFactorTables & AdminAuthTables>(app.database.db);
  const totp = new TotpFactor(tablesOf<AdminFactorTables>(app.database.db), site.brandName);
  const passkeys = new Passkeys(db, relyingPartyOf(site.siteUrl, site.brandName));
  const pendingCookie = app.adminAuth.tokenCookie(PENDING_COOKIE, PENDING_TTL_MS, PENDING_PATH);

  const of = async (accountId: number): Promise<SecondFactor[]> => {
    const [app, keys] = await Promise.all([totp.isOn(accountId), passkeys.count(accountId)]);
    return [
      ...(app ? (['totp', 'recovery'] as const) : []),
      ...(keys > 0 ? (['passkey'] as const) : []),
    ];
  };

  const passwordHash = async (accountId: number) => {
    const account = await db
      .selectFrom('admin_accounts')
      .select(['id', 'password_hash'])
      .where('id', '=', accountId)
      .executeTakeFirst();
    return account ? passwordHashOf(account, app.adminAuth.passwordHash) : null;
  };

  return {
    totp,
    passkeys,
    required,
    of,
    /** After a right password: the pending sign-in's answer if the account has a factor. */
    async secondFactorStep(request: FastifyRequest, reply: FastifyReply, accountId: number) {
      const secondFactor = await of(accountId);
      if (secondFactor.length === 0) return undefined;
      const token = newToken();
      const now = Date.now();
      await db
        .deleteFrom('admin_pending_sign_ins')
        .where('expires_at', '<', new Date(now).toISOString())
        .execute();
      await db
        .insertInto('admin_pending_sign_ins')
        .values({
          token_hash: sha256Hex(token),
          account_id: accountId,
          expires_at: new Date(now + PENDING_TTL_MS).toISOString(),
        })
        .execute();
      pendingCookie.set(request, reply, token);
      return { authenticated: false as const, secondFactor };
    },
    /** The account whose pending sign-in the request's cookie names, if live and enabled. */
    async pendingAccount(request: FastifyRequest) {
      const token = pendingCookie.read(request);
      if (!token || token.length > 200) return undefined;
      const row = await db
        .selectFrom('admin_pending_sign_ins')
        // Disabled since the password step: its second step starts no session either.
        .innerJoin('admin_accounts', 'admin_accounts.id', 'account_id')
        .where('disabled_at', 'is', null)
        .select('account_id')
        .where('token_hash', '=', sha256Hex(token))
        .where('expires_at', '>', new Date().toISOString())
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.account_id);
    },
    async endPending(request: FastifyRequest, reply: FastifyReply) {
      const token = pendingCookie.read(request);
      if (token) {
        await db
          .deleteFrom('admin_pending_sign_ins')
          .where('token_hash', '=', sha256Hex(token))
          .execute();
      }
      pendingCookie.clear(request, reply);
    },
    /** True when `password` is the account's (the owner's: ADMIN_PASSWORD). */
    async checkPassword(accountId: number, password: string) {
      const hash = await passwordHash(accountId);
      return hash ? verifyPassword(password, hash) : false;
    },
    /** False for an account that signs in with passkeys alone. */
    async hasPassword(accountId: number) {
      return Boolean(await passwordHash(accountId));
    },
    async confirm(session: LiveSession) {
      await db
        .updateTable('admin_sessions')
        .set({ confirmed_at: new Date().toISOString() })
        .where('id', '=', session.id)
        .execute();
    },
    /** Until when the session may change factors; null when that moment has passed. */
    async confirmedUntil(session: LiveSession) {
      const row = await db
        .selectFrom('admin_sessions')
        .select(['confirmed_at', 'created_at'])
        .where('id', '=', session.id)
        .executeTakeFirstOrThrow();
      // A sign-in is a confirmation too: a fresh session may set its first factor up.
      const until = new Date(row.confirmed_at ?? row.created_at).getTime() + RECENT_CONFIRMATION_MS;
      return until > Date.now() ? new Date(until).toISOString() : null;
    },
    forget: forgetFactors,
    /** The guard's last step: 403 {setupRequired} while MFA is required and missing. */
    async requireSetUp(request: FastifyRequest, reply: FastifyReply) {
      const session = request.adminSession;
      if (!required || !session) return;
      if ((await of(session.account.id)).length > 0) return;
      await reply.code(403).send({
        error: 'Set up a passkey or an authenticator app first',
        setupRequired: true,
      });
    },
  };
}
