import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validBodies } from '../support/lead-bodies';
import { eventually } from '../support/eventually';
import {
  createTestApp,
  describeEachDatabase,
  uniqueEmail,
  type TestApp,
} from '../support/test-app';

const TOKEN = 'metrics-test-token-0123456789';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** The client address of every request below: it must never appear in the metrics. */
const CLIENT = '203.0.113.77';

const metricsEnv = {
  METRICS_TOKEN: TOKEN,
  // Each new lead is announced to a webhook where nothing listens: a backlog and failures.
  NOTIFY_WEBHOOK_URL: 'http://127.0.0.1:9/hook',
  NOTIFY_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
};

function scrape(testApp: TestApp, authorization?: string): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: CLIENT,
    headers: authorization === undefined ? {} : { authorization },
  });
}

/** The value of the sample `name{labels}` in a text exposition (labels in any order). */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return undefined;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers exactly like any unknown address, with or without a bearer token', async () => {
    const unknown = await testApp.app.inject({ method: 'GET', url: '/no-such-page' });
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const response = await scrape(testApp, authorization);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(response.body).toBe(unknown.body);
    }
  });
});

describeEachDatabase(
  'GET /metrics',
  (current) => {
    it('answers 401 with a Bearer challenge without the right token, and shows nothing', async () => {
      for (const authorization of [
        undefined,
        '',
        'Bearer wrong-token-wrong-token',
        `Bearer ${TOKEN}x`,
        `bearer ${TOKEN}`,
        TOKEN,
        `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      ]) {
        const response = await scrape(current(), authorization);
        expect(response.statusCode, String(authorization)).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(response.json()).toEqual({ error: 'A valid metrics bearer token is required' });
        expect(response.body).not.toContain('http_request');
      }
    });

    it('serves the Prometheus text format: requests by route, leads, quarantine, queue, outbox', async () => {
      const testApp = current();
      const { app } = testApp;
      const email = uniqueEmail('metrics');
      const post = (url: string, body: unknown, userAgent?: string) =>
        app.inject({
          method: 'POST',
          url,
          remoteAddress: CLIENT,
          headers: {
            'content-type': 'application/json',
            ...(userAgent ? { 'user-agent': userAgent } : {}),
          },
          payload: JSON.stringify(body),
        });
      expect(
        (await post('/api/candidates/email', validBodies.candidateEmail(email))).statusCode,
      ).toBe(200);
      expect(
        (await post('/api/companies/email', validBodies.companyEmail(uniqueEmail()))).statusCode,
      ).toBe(200);
      // A bot's form: answered like a person's, held in quarantine.
      const held = await post(
        '/api/candidates/email',
        validBodies.candidateEmail(uniqueEmail('bot')),
        BOT,
      );
      expect(held.statusCode).toBe(200);
      expect((await post('/api/candidates/email', { email: 'not-an-address' })).statusCode).toBe(
        400,
      );
      // A route with a parameter, and addresses no route knows (one with an e-mail in it).
      await app.inject({
        method: 'DELETE',
        url: '/api/admin/quarantine/q-secret-id',
        remoteAddress: CLIENT,
      });
      await app.inject({
        method: 'GET',
        url: `/wp-login.php?user=${email}`,
        remoteAddress: CLIENT,
      });
      await app.inject({ method: 'GET', url: `/api/nothing/${email}`, remoteAddress: CLIENT });

      // The webhook's attempt fails (nothing listens): counted by destination.
      const text = await eventually(async () => {
        const body = (await scrape(testApp, `Bearer ${TOKEN}`)).body;
        return (sample(body, 'outbox_send_failures_total', { destination: 'webhook' }) ?? 0) >= 1
          ? body
          : undefined;
      });
      const response = await scrape(testApp, `Bearer ${TOKEN}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');

      // Requests by method, route pattern and status, as a histogram.
      expect(text).toContain('# TYPE http_request_duration_seconds histogram');
      const requests = (route: string, status: string, method = 'POST') =>
        sample(text, 'http_request_duration_seconds_count', { method, route, status_code: status });
      expect(requests('/api/candidates/email', '200')).toBe(2);
      expect(requests('/api/companies/email', '200')).toBe(1);
      expect(requests('/api/candidates/email', '400')).toBe(1);
      expect(requests('/api/admin/quarantine/:id', '401', 'DELETE')).toBe(1);
      expect(requests('unmatched', '404', 'GET')).toBe(2);
      expect(
        sample(text, 'http_request_duration_seconds_bucket', {
          method: 'POST',
          route: '/api/candidates/email',
          status_code: '200',
          le: '+Inf',
        }),
      ).toBe(2);

      // Leads by form, the quarantine by form and reason.
      expect(sample(text, 'leads_stored_total', { form: 'candidate-email' })).toBe(1);
      expect(sample(text, 'leads_stored_total', { form: 'company-email' })).toBe(1);
      expect(sample(text, 'leads_stored_total', { form: 'company-request' })).toBe(0);
      expect(sample(text, 'leads_quarantined_total', { form: 'candidate-email' })).toBe(1);
      expect(
        sample(text, 'leads_quarantine_reasons_total', {
          form: 'candidate-email',
          reason: 'bot_user_agent',
        }),
      ).toBe(1);

      // The write queue (idle now), the outbox's backlog from the database.
      expect(sample(text, 'write_queue_depth', {})).toBe(0);
      expect(sample(text, 'outbox_messages', { destination: 'webhook', state: 'pending' })).toBe(2);

      // Node's process metrics and the event loop lag.
      for (const name of [
        'process_cpu_seconds_total',
        'process_resident_memory_bytes',
        'nodejs_heap_size_used_bytes',
        'nodejs_eventloop_lag_seconds',
        'nodejs_eventloop_lag_p99_seconds',
      ]) {
        expect(sample(text, name, {}), name).toBeGreaterThanOrEqual(0);
      }

      // No personal data: no e-mail, no client address, no raw URL.
      for (const secret of [email, CLIENT, 'wp-login', 'q-secret-id', '/api/nothing', TOKEN]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    });
  },
  { env: metricsEnv, notificationWorker: { pollMs: 20, retryBaseMs: 60_000 } },
);

describeEachDatabase(
  'GET /metrics of an empty outbox',
  (current) => {
    it('shows the empty outbox as 0 for every destination and state, not as no data', async () => {
      const text = (await scrape(current(), `Bearer ${TOKEN}`)).body;
      for (const destination of ['email', 'webhook', 'meta', 'person', 'admin', 'calendar']) {
        for (const state of ['pending', 'failed']) {
          expect(sample(text, 'outbox_messages', { destination, state }), destination).toBe(0);
        }
      }
    });
  },
  { env: { METRICS_TOKEN: TOKEN } },
);
