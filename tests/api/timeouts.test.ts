import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/server/platform/mail/mailer';
import { freePort } from '../support/ports';
import { adminEnv, seedCandidate, signIn } from '../support/admin';
import { blockLeadWrites } from '../support/write-blocker';
import {
  createTestApp,
  describeEachDatabase,
  uniqueEmail,
  type TestApp,
} from '../support/test-app';
import { inject } from 'vitest';

/** Sends `head` on a raw connection and collects what comes back until the server closes it. */
function rawExchange(port: number, head: string): Promise<{ answer: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
  });
}

describeEachDatabase(
  'request timeout',
  (current) => {
    let port = 0;
    beforeAll(async () => {
      await current().app.listen({ port: 0, host: '127.0.0.1' });
      port = (current().app.server.address() as net.AddressInfo).port;
    });

    it('answers 408 and closes a connection whose request never arrives whole', async () => {
      // Headers promise 100 bytes of body; only 10 come (a slow or malicious client).
      const head =
        'POST /api/candidates/email HTTP/1.1\r\nHost: localhost\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":';
      const { answer, ms } = await rawExchange(port, head);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(ms).toBeGreaterThanOrEqual(400);
      expect(ms).toBeLessThan(3000);
      // The server goes on serving.
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
    });

    it('closes a connection that sends nothing at all', async () => {
      const { answer, ms } = await rawExchange(port, '');
      expect(answer === '' || /^HTTP\/1\.1 408 /.test(answer)).toBe(true);
      expect(ms).toBeLessThan(3000);
    });
  },
  { bounds: { requestTimeoutMs: 500 } },
);

describe.skipIf(!inject('postgresAdminUrl'))('PostgreSQL statement timeout', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('postgres', { bounds: { statementTimeoutMs: 500 } });
  });
  afterAll(async () => testApp?.close());

  it('cancels a statement that runs too long (pg_sleep) on the server', async () => {
    const started = Date.now();
    await expect(sql`select pg_sleep(5)`.execute(testApp.app.database.db)).rejects.toMatchObject({
      code: '57014',
    });
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('answers a clean 503 JSON when a lead write waits past it, stores nothing, and stays healthy', async () => {
    const email = uniqueEmail('stuck');
    const blocker = await blockLeadWrites(testApp);
    let response;
    const started = Date.now();
    try {
      response = await testApp.app.inject({
        method: 'POST',
        url: '/api/candidates/email',
        payload: { email },
      });
    } finally {
      await blocker.release();
    }
    expect(Date.now() - started).toBeLessThan(3000);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(Object.keys(response.json())).toEqual(['error']);
    expect(response.body).not.toMatch(/pg_|canceling|statement|\bat \w+ \(/);
    const stored = await testApp.db
      .selectFrom('candidates')
      .select('id')
      .where('email_normalized', '=', email)
      .execute();
    expect(stored).toEqual([]);

    expect((await testApp.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/api/candidates/email',
      payload: { email },
    });
    expect(again.statusCode).toBeLessThan(300);
  });
});

/** A TCP server that accepts connections and never says a word (no SMTP greeting). */
async function silentServer() {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => sockets.push(socket));
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    connections: () => sockets.length,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('SMTP timeouts', () => {
  const TIMEOUT_MS = 300;
  let dataDir: string;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tb-smtp-'));
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const mailerFor = (port: number) =>
    createMailer(
      {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        sendgridApiKey: undefined,
        from: 'Talent Bridge <team@talent.example>',
        timeoutMs: TIMEOUT_MS,
      },
      dataDir,
    );
  const message = { to: 'someone@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };

  it('gives up on a server that accepts the connection but never greets', async () => {
    const silent = await silentServer();
    closers.push(silent.close);
    const mailer = mailerFor(silent.port);
    const started = Date.now();
    // The greeting and the idle socket share one timeout, so either may fire first: what
    // matters is that the send gives up, as a timeout, within the bound.
    await expect(mailer.send(message)).rejects.toMatchObject({
      code: 'ETIMEDOUT',
      message: expect.stringMatching(/greeting never received|^timeout$/i),
    });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
    expect(silent.connections()).toBe(1);
    mailer.close();
  });

  it("answers the admin's send with 502 within the timeout, not after nodemailer's 30 s", async () => {
    const silent = await silentServer();
    closers.push(silent.close);
    const testApp = await createTestApp('sqlite', {
      env: { ...adminEnv, SMTP_URL: `smtp://127.0.0.1:${silent.port}` },
      bounds: { smtpTimeoutMs: TIMEOUT_MS },
    });
    closers.push(() => testApp.close());
    const cookie = await signIn(testApp.app);
    const candidate = await seedCandidate(testApp, 'email');
    const started = Date.now();
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/candidate-submissions/${candidate.id}/send-email`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(502);
    expect(Object.keys(response.json())).toEqual(['error']);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
  });

  it('gives up on a server that goes silent in the middle of a message', async () => {
    // A real SMTP server that greets and takes the envelope, then never answers the data.
    const stalled = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream) {
        stream.resume();
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => stalled.listen(port, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => stalled.close(() => resolve())));
    const mailer = mailerFor(port);
    const started = Date.now();
    await expect(mailer.send(message)).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
    mailer.close();
  });
});
