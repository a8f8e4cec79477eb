import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_SUBMISSIONS } from '../../src/server/leads/lead-rate-limit';
import { leadCount } from '../support/api';
import { leadEndpoints } from '../support/lead-bodies';
import { createTestApp, uniqueEmail, type TestApp } from '../support/test-app';

const LIMIT = 3;

describe('lead submissions per address (LEAD_RATE_LIMIT)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { env: { LEAD_RATE_LIMIT: String(LIMIT) } });
  });
  afterAll(() => testApp.close());

  const post = (url: string, body: unknown, remoteAddress: string) =>
    testApp.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('answers 429 with Retry-After past the limit, and stores nothing more', async () => {
    const address = '198.51.100.7';
    for (const { url, body } of leadEndpoints.slice(0, LIMIT)) {
      expect((await post(url, body(uniqueEmail('limit')), address)).statusCode).toBeLessThan(300);
    }
    const before = await leadCount(testApp.db);
    for (const { url, body } of leadEndpoints.slice(LIMIT)) {
      const response = await post(url, body(uniqueEmail('limit')), address);
      expect(response.statusCode, url).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json()).toEqual({ error: TOO_MANY_SUBMISSIONS });
    }
    expect(await leadCount(testApp.db)).toBe(before);
  });

  it('counts each address on its own and leaves the rest of the API alone', async () => {
    const { url, body } = leadEndpoints[0];
    expect((await post(url, body(uniqueEmail('other')), '198.51.100.8')).statusCode).toBe(200);
    const health = await testApp.app.inject({ url: '/api/health', remoteAddress: '198.51.100.7' });
    expect(health.statusCode).toBe(200);
  });
});
