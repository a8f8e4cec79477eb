import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { candidatesWithEmail, companiesWithEmail, leadCount, postJson } from '../support/api';
import { leadEndpoints, validBodies } from '../support/lead-bodies';
import { createTestApp, describeEachDatabase, uniqueEmail } from '../support/test-app';

/** Small seeded PRNG: the garbage is random-looking but the same on every run. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const nastyStrings = [
  '',
  ' ',
  'a@b',
  '@',
  "o'brien@example.com'; DROP TABLE candidates; --",
  'Zoë 😀 \u202e\u0000 nul',
  '\ud800 lone surrogate',
  '<script>alert(1)</script>',
  'x'.repeat(5000),
  'é'.repeat(300),
  '__proto__',
  'high_salary',
  'some-college',
];

function garbage(random: () => number, depth = 0): unknown {
  const pick = Math.floor(random() * (depth > 3 ? 5 : 8));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return [0, -1, 1e308, -0, 2 ** 53 + 1, 3.14][Math.floor(random() * 6)];
    case 3:
    case 4:
      return nastyStrings[Math.floor(random() * nastyStrings.length)];
    case 5:
      return Array.from({ length: Math.floor(random() * 4) }, () => garbage(random, depth + 1));
    default: {
      const keys = ['email', 'firstName', 'company', 'attribution', 'x', 'constructor', 'page'];
      return Object.fromEntries(
        keys.filter(() => random() < 0.5).map((key) => [key, garbage(random, depth + 1)]),
      );
    }
  }
}

/** Random bodies: anything at all, known fields with wrong types, or one field spoiled. */
function garbageBodies(valid: (email: string) => object, count: number, seed: number) {
  const random = prng(seed);
  return Array.from({ length: count }, (_, index) => {
    const base = valid(uniqueEmail('fuzz')) as Record<string, unknown>;
    if (index % 3 === 0) return garbage(random);
    if (index % 3 === 1) {
      return Object.fromEntries(Object.keys(base).map((key) => [key, garbage(random)]));
    }
    const keys = Object.keys(base);
    const key = keys[Math.floor(random() * keys.length)] ?? 'email';
    return { ...base, [key]: garbage(random), attribution: garbage(random) };
  });
}

const rawPayloads = [
  '{"email":',
  '{"email": "a@b.co"} trailing',
  "{'email': 'single@quotes.co'}",
  '\u0000\u0001\u0002',
  '['.repeat(8000) + ']'.repeat(8000),
  '{"__proto__": {"polluted": true}, "email": "p@example.com"}',
  '{"constructor": {"prototype": {"polluted": true}}, "email": "c@example.com"}',
  'NaN',
  '{"email": "a@b.co", "email": 5}',
];

describeEachDatabase('request handling', (current) => {
  it('answers malformed JSON with a 400 JSON error', async () => {
    const response = await current().app.inject({
      method: 'POST',
      url: '/api/candidates/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co"',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('answers a body over 16 KB with 413', async () => {
    const { app, db } = current();
    const before = await leadCount(db);
    const response = await postJson(app, '/api/candidates/submit', {
      ...validBodies.candidateApplication(uniqueEmail()),
      padding: 'x'.repeat(16 * 1024),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: expect.any(String) });
    expect(await leadCount(db)).toBe(before);
  });

  // application/x-www-form-urlencoded is a browser's own form post: forms-without-javascript.test.ts.
  it.each([
    ['text/plain', 'email=a@b.co'],
    ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
    ['application/xml', '<email>a@b.co</email>'],
  ])('answers content type %s with 415', async (contentType, payload) => {
    const response = await current().app.inject({
      method: 'POST',
      url: '/api/companies/email',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('ignores unknown fields and stores the known ones', async () => {
    const { app, db } = current();
    const email = uniqueEmail();
    const response = await postJson(app, '/api/candidates/basic-info', {
      ...validBodies.candidateBasicInfo(email),
      id: 999_999,
      stage: 'application',
      typeformCompleted: true,
      isAdmin: true,
      attribution: { page: '/candidates', evil: 'x' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await candidatesWithEmail(db, email))[0]).toMatchObject({
      stage: 'questionnaire',
      questionnaire_completed: 0,
      source_page: '/candidates',
    });
  });

  it.each(leadEndpoints)(
    'answers $url alike for a new and a known e-mail, with no id',
    async ({ url, body }) => {
      const { app } = current();
      const email = uniqueEmail('known');
      const answers: { status: number; body: string }[] = [];
      for (const address of [email, email, uniqueEmail('other')]) {
        const response = await postJson(app, url, body(address));
        answers.push({ status: response.statusCode, body: response.body });
      }
      expect(answers).toEqual(Array.from({ length: 3 }, () => answers[0]));
      expect(answers[0]).toEqual({ status: 200, body: '{"ok":true}' });
    },
  );

  it('stores text with quotes, emoji and NUL characters without breaking', async () => {
    const { app, db } = current();
    const email = `o'brien-${uniqueEmail()}`;
    const response = await postJson(app, '/api/candidates/basic-info', {
      email,
      firstName: "'; DROP TABLE candidates; --",
      lastName: 'Zoë 😀 nul\u0000here',
    });
    expect(response.statusCode).toBe(200);
    expect((await candidatesWithEmail(db, email))[0]).toMatchObject({
      first_name: "'; DROP TABLE candidates; --",
      last_name: 'Zoë 😀 nulhere',
    });
  });

  it.each(leadEndpoints)('never answers 5xx to garbage sent to $url', async ({ url, body }) => {
    const { app } = current();
    const statuses = new Set<number>();
    for (const garbageBody of garbageBodies(body, 150, url.length)) {
      const response = await postJson(app, url, garbageBody);
      expect(response.statusCode, JSON.stringify(garbageBody)?.slice(0, 300)).toBeLessThan(500);
      statuses.add(response.statusCode);
    }
    for (const payload of rawPayloads) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload.slice(0, 100)).toBeLessThan(500);
    }
    // The garbage really exercised validation, not only the body parser.
    expect(statuses.has(400)).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never answers 5xx to concurrent requests for the same new e-mail', async () => {
    const { app, db } = current();
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => {
        const endpoint = leadEndpoints[index % 5]!; // the five candidate endpoints
        return postJson(app, endpoint.url, endpoint.body(index % 2 ? email : email.toUpperCase()));
      }),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(responses.every((response) => response.json().ok === true)).toBe(true);
    expect(await candidatesWithEmail(db, email)).toHaveLength(1);
  });

  it('never answers 5xx when two servers race on the same new e-mails', async () => {
    const { app, db, env } = current();
    const second = await buildApp({ config: loadConfig(env), logger: false });
    try {
      const emails = Array.from({ length: 5 }, () => uniqueEmail('race2'));
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, index) => {
          const server = index % 2 ? app : second;
          const email = emails[index % emails.length]!;
          return index % 4 < 2
            ? postJson(server, '/api/companies/email', validBodies.companyEmail(email))
            : postJson(server, '/api/companies/submit', validBodies.companyRequest(email));
        }),
      );
      expect(responses.map((response) => response.statusCode).every((s) => s === 200)).toBe(true);
      for (const email of emails) {
        const rows = await companiesWithEmail(db, email);
        expect(rows).toHaveLength(1);
        expect(rows[0]?.stage).toBe('request');
      }
    } finally {
      await second.close();
    }
  });
});

it('logs lead ids but never e-mails, names or bodies', async () => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const testApp = await createTestApp('sqlite', { logStream });
  try {
    const email = uniqueEmail('private');
    const body = { ...validBodies.candidateApplication(email), firstName: 'Privatefirstname' };
    const response = await postJson(testApp.app, '/api/candidates/submit', body);
    expect(response.statusCode).toBe(200);
    await postJson(testApp.app, '/api/candidates/submit', { ...body, location: '' });
    const log = lines.join('');
    const [row] = await candidatesWithEmail(testApp.db, email);
    expect(log).toContain(`"leadId":${row?.id}`);
    for (const secret of [email, 'Privatefirstname', 'Lovelace', 'Austin', '555-0100']) {
      expect(log).not.toContain(secret);
    }
    // Request lines name the route but neither the client's address nor a query string.
    await testApp.app.inject({ url: '/api/health?email=query-secret%40example.com' });
    const requestLines = lines.join('');
    expect(requestLines).toContain('"url":"/api/health"');
    expect(requestLines).not.toContain('query-secret');
    expect(requestLines).not.toContain('remoteAddress');
    expect(requestLines).not.toContain('127.0.0.1');
  } finally {
    await testApp.close();
  }
});
