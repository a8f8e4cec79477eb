import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config/config';
import { can } from '@shared/admin-accounts';
import type { AdminAuthTables } from './auth-tables';
import { openBeforeSecondFactor, routePermission, SAFE_METHODS } from './route-permission';
import { LoginThrottle } from './login-throttle';
import { needsRehash, hashPassword } from './password';
import {
  keptPasswordHash,
  replaceGeneratedHash,
  resolveAdminPasswordHash,
  writeGeneratedPassword,
} from './password-source';
import { AdminSessions, SESSION_TTL_MS, type LiveSession } from './sessions';
import { tablesOf, type SharedTransaction } from '../../platform/database/connection';
import { siteCookies } from '../../platform/http/cookies';
import { sameOriginCheck } from '../../platform/http/same-origin';

export const SESSION_COOKIE = 'tb_admin_session';

type NewSession = Awaited<ReturnType<AdminSessions['create']>>;

declare module 'fastify' {
  interface FastifyInstance {
    adminAuth: Awaited<ReturnType<typeof adminAuth>>;
  }
  interface FastifyRequest {
    /** The admin session the guard let in, and its account; null outside the guarded routes. */
    adminSession: LiveSession | null;
  }
}

/** The admin's sign-in (decision 020): password hash, sessions, the login throttle, the guard. */
export const adminAuthPlugin = fp<{ config: ServerConfig }>(async (app, { config }) => {
  await app.register(fastifyCookie);
  app.decorateRequest('adminSession', null);
  app.decorate('adminAuth', await adminAuth(app, config));
});

async function adminAuth(app: FastifyInstance, { admin, dataDir, site }: ServerConfig) {
  const db = tablesOf<AdminAuthTables>(app.database.db);
  const { password, hash } = admin;
  // ADMIN_PASSWORD: the hash kept in the database, so every instance binds sessions alike.
  let passwordHash =
    password && !hash
      ? await keptPasswordHash(db, password)
      : await resolveAdminPasswordHash({
          config: admin,
          dataDir,
          // Never into a log: on the terminal alone, or into a file only this user reads.
          announce: async (password, hashFile) => {
            const next = `Only its hash is kept, in ${hashFile}. Set ADMIN_PASSWORD or ADMIN_PASSWORD_HASH to choose one.`;
            if (process.stdout.isTTY) {
              process.stdout.write(
                `\n  ADMIN PASSWORD GENERATED (shown only this once): ${password}\n` +
                  `  Sign in at /admin. ${next}\n\n`,
              );
              return;
            }
            const file = await writeGeneratedPassword(dataDir, password);
            app.log.warn(
              `ADMIN PASSWORD GENERATED: written to ${file}, readable by this user only; sign in ` +
                `at /admin, then delete that file. ${next}`,
            );
          },
        });
  const generated = !password && !hash;
  if (hash && needsRehash(hash)) {
    app.log.warn(
      'ADMIN_PASSWORD_HASH is an older, cheaper scrypt hash: make a new one with ' +
        '`npm run admin:hash-password` and set it',
    );
  }
  const { attributes } = siteCookies(site.siteUrl);
  /** An admin cookie holding a token for `ttlMs`: SameSite=Strict, on `path` only. */
  const tokenCookie = (name: string, ttlMs: number, path = '/') => ({
    read: (request: FastifyRequest) => request.cookies[name],
    set: (request: FastifyRequest, reply: FastifyReply, token: string) =>
      reply.setCookie(
        name,
        token,
        attributes(request, { sameSite: 'strict', path, maxAge: ttlMs / 1000 }),
      ),
    clear: (request: FastifyRequest, reply: FastifyReply) =>
      reply.clearCookie(name, attributes(request, { sameSite: 'strict', path })),
  });
  const sessionCookie = tokenCookie(SESSION_COOKIE, SESSION_TTL_MS);
  /** 403 unless from our pages (SITE_URL's, even behind a rewriting proxy) or with no Origin. */
  const isSameOrigin = sameOriginCheck(site.siteUrl);
  const checkOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isSameOrigin(request)) {
      await reply.code(403).send({ error: 'Cross-origin request refused' });
    }
  };
  const throttle = new LoginThrottle(db);
  const sessions = new AdminSessions(db, passwordHash);
  /** A new session, in `trx` when given; its audit entries name it (actorOf reads adminSession). */
  const open = async (request: FastifyRequest, accountId: number, trx?: SharedTransaction) => {
    const client = { userAgent: request.headers['user-agent'], ip: request.ip };
    const session = await sessions.create(accountId, client, trx && tablesOf(trx));
    request.adminSession = session;
    return session;
  };

  return {
    /** scrypt hash of the admin password; never sent anywhere. */
    get passwordHash() {
      return passwordHash;
    },
    /** After a successful sign-in: a generated password's hash below today's cost is re-made. */
    async upgradePasswordHash(password: string) {
      // Sessions keep this start's fingerprint, as on other instances, until the next start.
      if (!generated || !needsRehash(passwordHash)) return;
      passwordHash = await hashPassword(password);
      await replaceGeneratedHash(dataDir, passwordHash);
      app.log.info('admin password hash upgraded to the current scrypt cost');
    },
    throttle,
    sessions,
    checkOrigin,
    /** onRequest hook: foreign Origin 403, no session 401, role 403, ADMIN_REQUIRE_MFA's 403. */
    async guard(request: FastifyRequest, reply: FastifyReply) {
      if (!SAFE_METHODS.has(request.method)) {
        await checkOrigin(request, reply);
        if (reply.sent) return;
      }
      const token = sessionCookie.read(request);
      const session = await sessions.resume(token);
      if (session === undefined) {
        const ended = await sessions.whyEnded(token);
        await reply.code(401).send({ error: 'Sign in required', ...(ended && { ended }) });
        return;
      }
      const { role } = session.account;
      const { method } = request;
      const { url } = request.routeOptions;
      if (!can(role, routePermission(method, url))) {
        // The role by name: a screen that thought otherwise learns its role changed.
        await reply.code(403).send({ error: `A ${role} account may not do this`, role });
        return;
      }
      request.adminSession = session;
      // Nothing is read before the second factor, the audit log included (decision 157).
      if (!openBeforeSecondFactor(method, url)) {
        await request.server.adminFactors.requireSetUp(request, reply);
      }
    },
    /** A completed sign-in: a new (or `open`ed) session and its cookie; the browser's last ends. */
    async signIn(request: FastifyRequest, reply: FastifyReply, opened: number | NewSession) {
      await sessions.revoke(sessionCookie.read(request));
      const session = typeof opened === 'number' ? await open(request, opened) : opened;
      sessionCookie.set(request, reply, session.token);
      return { authenticated: true as const, account: session.account };
    },
    open,
    tokenCookie,
    sessionCookie,
  };
}
