import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, expect, it } from 'vitest';
import { createMailer } from '../../src/server/platform/mail/mailer';
import { freePort } from '../support/ports';

/*
 * The SMTP password never reaches a stored or logged error (issue 40): a server that refuses the
 * login and echoes the credentials it got, raw and as the AUTH PLAIN line, is answered with an
 * error that keeps the server's words and codes but not the password.
 */

const PASSWORD = 'Smtp-p@ss/w0rd+2026!';
const plainAuth = Buffer.from(`\0mailer\0${PASSWORD}`).toString('base64');

const server = new SMTPServer({
  authMethods: ['PLAIN'],
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth(auth, _session, callback) {
    callback(
      new Error(`Authentication failed for ${auth.username}:${auth.password} (${plainAuth})`),
    );
  },
});
const port = await freePort();
await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tb-mail-secrets-'));
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dataDir, { recursive: true, force: true });
});

it('cuts the SMTP password from a refused login, however the server echoes it', async () => {
  const mailer = createMailer(
    {
      smtpUrl: `smtp://mailer:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}`,
      sendgridApiKey: undefined,
      from: 'Talent Bridge <team@talent.example>',
    },
    dataDir,
  );
  const refusal = await mailer
    .send({
      to: 'someone@example.com',
      subject: 'Hello',
      text: 'Hi',
      html: '<p>Hi</p>',
    })
    .then(
      () => undefined,
      (error: unknown) => error as Error & { code?: string; responseCode?: number },
    );
  mailer.close();
  expect(refusal).toBeDefined();
  expect(refusal!.message).toContain('Invalid login: 535 Authentication failed for');
  expect(refusal).toMatchObject({ code: 'EAUTH', responseCode: 535 });
  for (const spelling of [PASSWORD, encodeURIComponent(PASSWORD), plainAuth, PASSWORD.slice(0, 12)])
    expect(refusal!.message).not.toContain(spelling);
});
