import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

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
    expect(missing.json()).toMatchObject({ fields: { email: expect.any(String) } });
  });

  it('a URL that cannot be decoded gets a 400 in the same shape, without the URL', async () => {
    const response = await testApp.app.inject({ url: '/api/booking%ff' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['error']);
    expect(response.body).not.toContain('%ff');
  });
});
