import { spawn } from 'node:child_process';
import { readdir, readlink } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { generate } from 'otplib';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it, vi } from 'vitest';
import { ADMIN_TEST_PASSWORD, adminEnv, freshAddress, signIn } from '../support/admin';
import { newAccount as accountOf } from '../support/accounts';
import { SQLITE_FILE_NAME } from '../../src/server/platform/database/connection';
import { eventually } from '../support/eventually';
import { sourceArgs } from '../support/server-process';
import { readableMail, startLocalSmtp } from '../support/smtp';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';
import { blockLeadWrites } from '../support/write-blocker';

/*
 * Task K22: an account is never left without a way in, nor told the wrong reason it is out.
 * A reset's link cannot be withdrawn; an expired session is said to have expired, whatever
 * ended it later; an invitation names who sent it; the founding owner who lost every second
 * factor has an operator's command (decisions 020, 156, 157).
 */

// Invited accounts' passwords are hashed at the real scrypt cost (decision 020).
vi.setConfig({ testTimeout: 60_000 });

const root = path.resolve(import.meta.dirname, '..', '..');
const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

type App = FastifyInstance;
const request = (app: App, method: string, url: string, cookie: string, payload?: object) =>
  app.inject({ method: method as 'POST', url, headers: { cookie }, ...(payload && { payload }) });
const mailTo = (email: string, containing: string) =>
  eventually(() =>
    smtp.received
      .filter((mail) => mail.to.includes(email))
      .map(readableMail)
      .find((text) => text.includes(containing)),
  );

/** `npm run admin:reset-owner-sign-in`, as an operator runs it, on the app's database. */
function resetOwnerSignIn(env: Record<string, string>) {
  const child = spawn(process.execPath, sourceArgs('reset-owner-sign-in'), {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env, NODE_ENV: 'production' },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
  return { pid: child.pid!, done };
}

/** Whether process `pid` has the SQLite file in `dataDir` open (Linux: its /proc fd links). */
async function hasOpen(pid: number, dataDir: string): Promise<true | undefined> {
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
  const targets = await Promise.all(
    fds.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')),
  );
  return targets.includes(file) || undefined;
}

describeEachDatabase(
  'ways back in',
  (current) => {
    it("refuses to withdraw a reset's link, which is the account's only way in", async () => {
      const { app } = current();
      const owner = await signIn(app);
      const rita = await accountOf(app, smtp, owner, 'recruiter');
      const reset = await request(app, 'POST', `/api/admin/users/${rita.id}/reset-sign-in`, owner);
      expect(reset.statusCode).toBe(200);
      const { id } = reset.json<{ id: number }>();

      const withdrawn = await request(app, 'DELETE', `/api/admin/invitations/${id}`, owner);
      expect(withdrawn.statusCode).toBe(409);
      expect(withdrawn.json().error).toMatch(/only way .*in.*reset .*again.*disable/i);
      const listed = (await request(app, 'GET', '/api/admin/users', owner)).json();
      expect(listed.invitations).toContainEqual(expect.objectContaining({ id }));

      // An invitation of a new account is still withdrawn.
      const email = uniqueEmail('invitee');
      const invited = await request(app, 'POST', '/api/admin/users', owner, {
        email,
        role: 'viewer',
      });
      const gone = await request(
        app,
        'DELETE',
        `/api/admin/invitations/${invited.json().id}`,
        owner,
      );
      expect(gone.statusCode).toBe(204);
    });

    it('names who sent an invitation in its e-mail, and both ways to sign in', async () => {
      const { app } = current();
      const owner = await signIn(app);
      const second = await accountOf(app, smtp, owner, 'owner');
      const email = uniqueEmail('invitee');
      const invited = await request(app, 'POST', '/api/admin/users', second.cookie, {
        email,
        role: 'recruiter',
      });
      expect(invited.statusCode).toBe(201);
      const text = await mailTo(email, 'invit');
      expect(text).toContain(
        'A owner invited you to the Talent Bridge lead dashboard as a recruiter.',
      );
      // A passkey is offered beside a password: the e-mail must not say a password is needed.
      expect(text).toContain('Choose your name, and a password or a passkey, here');
    });

    it('says a session expired when it expired before something ended it', async () => {
      const { app, db } = current();
      const owner = await signIn(app);
      const rita = await accountOf(app, smtp, owner, 'recruiter');
      const { id } = await db
        .selectFrom('admin_sessions')
        .select('id')
        .where('account_id', '=', rita.id)
        .executeTakeFirstOrThrow();
      // 31 minutes idle, then her sign-in is reset, which ends every session of hers.
      const idle = new Date(Date.now() - 31 * 60_000).toISOString();
      await db
        .updateTable('admin_sessions')
        .set({ last_seen_at: idle })
        .where('id', '=', id)
        .execute();
      await request(app, 'POST', `/api/admin/users/${rita.id}/reset-sign-in`, owner);
      const session = await request(app, 'GET', '/api/admin/session', rita.cookie);
      expect(session.json()).toEqual({ authenticated: false, ended: 'expired' });
      const refused = await request(app, 'GET', '/api/admin/sessions', rita.cookie);
      expect(refused.json()).toMatchObject({ ended: 'expired' });
    });

    it("gives the operator a command that removes the founding owner's factors", async () => {
      const { app, env } = current();
      const owner = await signIn(app);
      const started = await request(app, 'POST', '/api/admin/totp', owner);
      const { secret } = started.json<{ secret: string }>();
      const confirmed = await request(app, 'POST', '/api/admin/totp/confirm', owner, {
        code: await generate({ secret }),
      });
      expect(confirmed.statusCode).toBe(200);
      const login = () =>
        app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { password: ADMIN_TEST_PASSWORD },
          remoteAddress: freshAddress(),
        });
      expect((await login()).json()).toMatchObject({ authenticated: false });

      // The command runs while another client holds the write lock (on SQLite, the server's
      // would), as an operator's does on a running server: it waits, as the server's writes do.
      const testApp = current();
      const writer = await blockLeadWrites(testApp);
      const command = resetOwnerSignIn(env);
      if (testApp.kind === 'sqlite') await eventually(() => hasOpen(command.pid, env.DATA_DIR!));
      await setTimeout(500);
      await writer.release();
      const run = await command.done;
      expect(run.output).not.toMatch(/busy|locked/i);
      expect(run.code).toBe(0);
      expect(run.output).toMatch(/founding owner's .*removed/);
      expect(run.output).not.toContain(secret);
      expect((await login()).json()).toMatchObject({ authenticated: true });
      const other = await signIn(app);
      const audit = await request(app, 'GET', '/api/admin/audit?action=sign_in_reset', other);
      expect(audit.json()[0]).toMatchObject({
        accountId: null,
        actor: expect.stringMatching(/operator/),
        detail: 'Reset sign-in for account 1',
      });
    });
  },
  { env: { ...adminEnv, SMTP_URL: smtp.url } },
);
