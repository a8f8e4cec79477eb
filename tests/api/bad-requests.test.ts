import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newAccount } from '../support/accounts';
import { freshAddress, signIn } from '../support/admin';
import { applicant, bookingPage } from '../support/calls';
import { companiesWithEmail, INVALID, postJson } from '../support/api';
import { startLocalSmtp } from '../support/smtp';
import {
  createTestApp,
  describeEachDatabase,
  uniqueEmail,
  type TestApp,
} from '../support/test-app';

// An invited account's password costs a real scrypt.
vi.setConfig({ testTimeout: 60_000 });
const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

/* A refused request says what to mend, in the API's own shape, and echoes nothing it was sent. */

describe('bad requests', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
  });
  afterAll(async () => testApp.close());

  it('a body its route schema refuses gets a 400 naming each field', async () => {
    const missing = await testApp.app.inject({
      method: 'POST',
      url: '/api/status/link',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: 'Please check the highlighted fields',
      fields: { email: 'Required' },
    });
  });

  it.each([
    ['no body object', '/api/status/link', [], { body: 'Must be an object' }],
    [
      'a number for a text',
      '/api/visits',
      { page: '/career', utmSource: 42 },
      { utmSource: 'Must be text' },
    ],
    ['a page not a path', '/api/visits', { page: 'career' }, { page: 'Not valid' }],
    [
      'a variant not offered',
      '/api/visits',
      { page: '/', variant: 'x' },
      { variant: expect.stringMatching(/^Must be one of: /) },
    ],
  ])(
    "%s gets a 400 in the API's words, never the validator's",
    async (_case, url, payload, fields) => {
      const response = await testApp.app.inject({ method: 'POST', url, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Please check the highlighted fields', fields });
      expect(response.body).not.toMatch(/must |body\//);
    },
  );

  it('a URL that cannot be decoded gets a 400 in the same shape, without the URL', async () => {
    const response = await testApp.app.inject({ url: '/api/booking%ff' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['error']);
    expect(response.body).not.toContain('%ff');
  });
});

/* A JSON body is checked as sent: a number is no text, "false" no boolean (nothing coerced). */
describeEachDatabase(
  'bodies checked as sent',
  (current) => {
    const refused = (
      response: { statusCode: number; json(): unknown },
      field: string,
      words: string,
    ) => {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: INVALID, fields: { [field]: words } });
    };

    it('refuses a number for the e-mail of a lost status link', async () => {
      const { app } = current();
      refused(await postJson(app, '/api/status/link', { email: 5 }), 'email', 'Must be text');
    });

    it('refuses a number for the start of a call, booking nothing', async () => {
      const { app } = current();
      const proof = await applicant(app);
      refused(
        await postJson(app, '/api/booking', { start: 5 }, { cookie: proof }),
        'start',
        'Must be text',
      );
      expect((await bookingPage<{ booking: unknown }>(app, proof)).booking).toBeNull();
    });

    it('refuses a number for the admin password, starting no session', async () => {
      const { app } = current();
      const login = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { password: 12345678 },
        remoteAddress: freshAddress(),
      });
      refused(login, 'password', 'Must be text');
      expect(login.cookies.find(({ name }) => name === 'tb_admin_session')).toBeUndefined();
    });

    it('refuses "false" for disabled, or an unknown field, leaving the account as it was', async () => {
      const { app } = current();
      const owner = await signIn(app);
      const { id } = await newAccount(app, smtp, owner, 'recruiter');
      const patch = (payload: object) =>
        app.inject({
          method: 'PATCH',
          url: `/api/admin/users/${id}`,
          headers: { cookie: owner },
          payload,
        });
      expect((await patch({ disabled: true })).statusCode).toBe(200);
      refused(await patch({ disabled: 'false' }), 'disabled', 'Must be true or false');
      // Nor is an unknown field dropped: the body is refused as sent.
      refused(await patch({ disabled: false, role: 'owner', x: 1 }), 'x', 'Unknown field');
      const users = await app.inject({ url: '/api/admin/users', headers: { cookie: owner } });
      const accounts = users.json<{ accounts: { id: number; disabled: boolean }[] }>().accounts;
      expect(accounts.find((account) => account.id === id)).toMatchObject({
        disabled: true,
        role: 'recruiter',
      });
    });

    it('refuses a number for the company of a lead form, storing no lead', async () => {
      const { app, db } = current();
      const email = uniqueEmail('company');
      refused(
        await postJson(app, '/api/companies/email', { email, company: 5 }),
        'company',
        'Company name is required',
      );
      expect(await companiesWithEmail(db, email)).toHaveLength(0);
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
