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
