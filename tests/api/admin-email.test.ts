import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEnv, seedCandidate, signIn } from '../support/admin';
import { startLocalSmtp, type LocalSmtp } from '../support/smtp';
import { createTestApp, freePortUrl, type TestApp } from '../support/test-app';

const SITE_URL = 'https://talent.example';

describe('send form e-mail through SMTP_URL', () => {
  let smtp: LocalSmtp;
  let testApp: TestApp;
  let cookie = '';
  beforeAll(async () => {
    smtp = await startLocalSmtp();
    testApp = await createTestApp('sqlite', {
      env: {
        ...adminEnv,
        SMTP_URL: smtp.url,
        SITE_URL,
        MAIL_FROM: 'Talent Bridge <team@talent.example>',
      },
    });
    cookie = await signIn(testApp.app);
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  it('delivers the link to /apply to the candidate, received by a real SMTP server', async () => {
    const candidate = await seedCandidate(testApp, 'questionnaire', { first_name: 'Grace' });
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/candidate-submissions/${candidate.id}/send-email`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sent: true, transport: 'smtp' });
    const mail = await smtp.next();
    expect(mail.to).toEqual([candidate.email]);
    expect(mail.from).toBe('team@talent.example');
    expect(mail.raw).toMatch(/^Subject: Complete your Talent Bridge application/m);
    expect(mail.raw).toContain('Hi Grace,');
    expect(mail.raw).toContain(`${SITE_URL}/apply`);
  });

  it('answers 404 for a candidate that does not exist, sending nothing', async () => {
    const before = smtp.received.length;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/candidate-submissions/999999/send-email',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(404);
    expect(smtp.received.length).toBe(before);
  });
});

describe('send form e-mail when the mail server is down', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', {
      env: { ...adminEnv, SMTP_URL: await freePortUrl('smtp') },
    });
  });
  afterAll(async () => testApp?.close());

  it("answers 502 with the spec's failure message", async () => {
    const cookie = await signIn(testApp.app);
    const candidate = await seedCandidate(testApp, 'email');
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/candidate-submissions/${candidate.id}/send-email`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'Failed to send form email. Check if SENDGRID_API_KEY is set.',
    });
  });
});

describe('send form e-mail without any mail settings', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { env: { ...adminEnv, SITE_URL } });
  });
  afterAll(async () => testApp?.close());

  it('writes the message as an .eml file in DATA_DIR/outbox', async () => {
    const cookie = await signIn(testApp.app);
    const candidate = await seedCandidate(testApp, 'email');
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/candidate-submissions/${candidate.id}/send-email`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sent: true, transport: 'outbox' });
    const outbox = path.join(testApp.env.DATA_DIR as string, 'outbox');
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(files[0]).not.toContain(candidate.email);
    const file = path.join(outbox, files[0] as string);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const eml = await readFile(file, 'utf8');
    expect(eml).toMatch(new RegExp(`^To: ${candidate.email}`, 'm'));
    expect(eml).toContain(`${SITE_URL}/apply`);
    expect(eml).toContain('Hi,');
  });
});
