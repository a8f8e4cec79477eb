import { expect, it } from 'vitest';
import { FORM_TIME_COOKIE } from '../../src/server/leads/workflows/screening/form-time-token';
import { validBodies } from '../support/lead-bodies';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

const formTimeCookie = async (testApp: TestApp, headers = {}) => {
  const page = await testApp.app.inject({ url: '/', headers });
  expect(page.statusCode).toBe(200);
  const cookies = [page.headers['set-cookie'] ?? []].flat().map(String);
  const cookie = cookies.find((value) => value.startsWith(`${FORM_TIME_COOKIE}=`));
  expect(cookie).toBeDefined();
  return String(cookie);
};

describeEachDatabase('API answers are never stored', (current) => {
  it('sends Cache-Control: no-store on every /api/ answer, health, success and error alike', async () => {
    const { app } = current();
    const answers = [
      await app.inject({ url: '/api/health' }),
      await app.inject({ url: '/api/openapi.json' }),
      await app.inject({
        method: 'POST',
        url: '/api/candidates/email',
        payload: validBodies.candidateEmail(uniqueEmail('headers')),
      }),
      await app.inject({ method: 'POST', url: '/api/candidates/email', payload: { email: 'x' } }),
      await app.inject({ url: '/api/no-such-route' }),
      await app.inject({ url: '/api/admin/overview' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 400, 404, 401]);
    for (const answer of answers) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('leaves the pages’ own caching alone', async () => {
    const page = await current().app.inject({ url: '/' });
    expect(page.headers['cache-control']).not.toContain('no-store');
  });

  it('sets the form-time cookie without Secure on an http SITE_URL (local development)', async () => {
    expect(await formTimeCookie(current())).not.toMatch(/; Secure(;|$)/);
  });
});

describeEachDatabase(
  'the form-time cookie on an https site',
  (current) => {
    it('is Secure, like the admin session', async () => {
      expect(await formTimeCookie(current())).toMatch(/; Secure(;|$)/);
    });
  },
  { env: { SITE_URL: 'https://talent.example' } },
);

describeEachDatabase(
  'the public cookies over https on an http SITE_URL (a TLS proxy in front)',
  (current) => {
    const https = { 'x-forwarded-proto': 'https' };

    // As the status page's proofs, the form flash and the admin session already were.
    it('marks the form-time cookie and a new lead’s proof Secure', async () => {
      const { app } = current();
      expect(await formTimeCookie(current(), https)).toMatch(/; Secure(;|$)/);
      const lead = await app.inject({
        method: 'POST',
        url: '/api/candidates/email',
        headers: https,
        payload: validBodies.candidateEmail(uniqueEmail('secure')),
      });
      expect(lead.statusCode).toBe(200);
      expect(lead.cookies.find((cookie) => cookie.name === 'tb_lead')).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        secure: true,
      });
    });
  },
  { env: { TRUST_PROXY: '1' } },
);
