import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEnv, seedCandidate, signIn } from '../support/admin';
import { PREFILL_COOKIE } from '../../src/shared/prefill-cookie';
import { eventually } from '../support/eventually';
import { readableMail, startLocalSmtp, type ReceivedMail } from '../support/smtp';
import { openLink } from '../support/status-page';
import {
  createTestApp,
  describeEachDatabase,
  freePortUrl,
  type TestApp,
} from '../support/test-app';

const SITE_URL = 'https://talent.example';

const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

describeEachDatabase(
  'send form e-mail through SMTP_URL',
  (current) => {
    let cookie = '';
    beforeAll(async () => {
      cookie = await signIn(current().app);
    });

    /** Sends the row's form e-mail; the mail as a real SMTP server received it, and its link. */
    async function sendFormEmail(candidate: { id: number; email: string }) {
      const response = await current().app.inject({
        method: 'POST',
        url: `/api/candidate-submissions/${candidate.id}/send-email`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ sent: true, transport: 'smtp' });
      const mail = await eventually(() => smtp.received.find((m) => m.to[0] === candidate.email));
      const text = readableMail(mail);
      const link = new RegExp(`${SITE_URL}(/status\\?token=[\\w-]+)(&next=\\w+)?`).exec(text);
      return { mail, text, link: link?.[1] ?? '', next: link?.[2] };
    }

    it("links to the candidate's status page, which resumes the open questionnaire prefilled", async () => {
      const candidate = await seedCandidate(current(), 'questionnaire', { first_name: 'Grace' });
      const { mail, text, link, next } = await sendFormEmail(candidate);
      expect(mail.from).toBe('team@talent.example');
      expect(mail.raw).toMatch(/^Subject: Complete your Talent Bridge application/m);
      expect(text).toContain('Hi Grace,');
      expect(text).toContain('One step is still open: the questionnaire.');
      expect(next).toBe('&next=questionnaire');
      expect(text).not.toContain(`${SITE_URL}/apply`);
      // The link opens this lead's questionnaire, its answers so far filled in.
      const resumed = await openLink(current().app, link, '', 'questionnaire');
      expect(resumed.headers.location).toBe('/typeform');
      const prefill = resumed.cookies.find((c) => c.name === PREFILL_COOKIE);
      expect(JSON.parse(Buffer.from(prefill!.value, 'base64url').toString())).toMatchObject({
        candidateEmail: candidate.email,
        candidateFirstName: 'Grace',
      });
    });

    it('resumes the application of an e-mail-only candidate, and shows the status page once nothing is open', async () => {
      const started = await sendFormEmail(await seedCandidate(current(), 'email'));
      expect(started.text).toContain('Hi,');
      expect(started.next).toBe('&next=apply');
      const resumed = await openLink(current().app, started.link, '', 'apply');
      expect(resumed.headers.location).toBe('/apply');

      const complete = await sendFormEmail(await seedCandidate(current(), 'regular'));
      expect(complete.next).toBeUndefined();
      expect(complete.text).toContain('See where your application stands:');
      expect((await openLink(current().app, complete.link)).headers.location).toBe('/status');
    });

    it('answers 404 for a candidate that does not exist, sending nothing', async () => {
      const before = smtp.received.length;
      const response = await current().app.inject({
        method: 'POST',
        url: '/api/candidate-submissions/999999/send-email',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(404);
      expect(smtp.received.length).toBe(before);
    });
  },
  {
    env: {
      ...adminEnv,
      SMTP_URL: smtp.url,
      SITE_URL,
      MAIL_FROM: 'Talent Bridge <team@talent.example>',
    },
  },
);

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
    expect(readableMail({ raw: eml } as ReceivedMail)).toMatch(
      new RegExp(`${SITE_URL}/status\\?token=[\\w-]+&next=apply`),
    );
    expect(eml).toContain('Hi,');
  });
});
