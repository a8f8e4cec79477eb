import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from './redact-secrets';

const TOKEN = 'EAAGm0PX4ZCpsBAKZAtr3ZBxQ0ZCyZAo9vZB1wZDZD';
const base64 = (text: string) => Buffer.from(text).toString('base64');

/** Every way an answer has echoed a token to us, or might. */
const echoes = (token: string): string[] => [
  `Malformed access token ${token}`,
  `Invalid token: ${encodeURIComponent(token)}&x=1`,
  JSON.stringify({ error: { message: `token "${token}"` } }),
  `Authorization: Basic ${base64(`user:${token}`)}`,
  `Authorization: Bearer ${base64(token).replaceAll('+', '-').replaceAll('/', '_')}`,
  `Malformed access token ${token.slice(0, 20)}...`,
  `bad token ${token.slice(0, 15)}X${token.slice(16)}`,
];

describe('redactSecrets: no secret in a stored or logged error', () => {
  it("cuts Meta's echo of the token however it is written, and keeps the rest", () => {
    for (const echo of echoes(TOKEN)) {
      const redacted = redactSecrets(`Meta answered HTTP 400: ${echo} (code 190)`, [TOKEN]);
      expect(redacted).toContain(REDACTED);
      expect(redacted).toMatch(/^Meta answered HTTP 400: .*\(code 190\)$/);
      for (let i = 0; i + 12 <= TOKEN.length; i++) {
        expect(redacted, echo).not.toContain(TOKEN.slice(i, i + 12));
      }
    }
  });

  it("cuts whatever is shaped like a Meta token, or follows 'access token', unknown or not", () => {
    expect(redactSecrets(`Malformed access token ${TOKEN}`)).toBe(
      `Malformed access token ${REDACTED}`,
    );
    expect(redactSecrets('Invalid OAuth access_token=Zq8xWv2Lm4Np6Rt0Yb3K')).toBe(
      `Invalid OAuth access_token=${REDACTED}`,
    );
    expect(redactSecrets(`old one: EAAB${'x'.repeat(30)} refused`)).toBe(
      `old one: ${REDACTED} refused`,
    );
    expect(redactSecrets('Meta answered HTTP 400: Invalid parameter (code 100)', [TOKEN])).toBe(
      'Meta answered HTTP 400: Invalid parameter (code 100)',
    );
  });

  it('cuts a huge answer short first, so the search stays cheap', () => {
    const started = performance.now();
    const redacted = redactSecrets(`${'word '.repeat(200_000)}${TOKEN}`, [TOKEN.repeat(5)]);
    expect(performance.now() - started).toBeLessThan(500);
    expect(redacted).toBe(`${'word '.repeat(400)}…`);
    // A token the cut falls in goes whole, known or not.
    expect(redactSecrets(`${'x '.repeat(995)}${TOKEN}`)).toBe(`${'x '.repeat(995)}…`);
  });

  it('leaves no run of 12 characters of any token in any of its echoes', () => {
    const tokenChars = fc.constantFrom(
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~/+'.split(''),
    );
    fc.assert(
      fc.property(
        fc.string({ unit: tokenChars, minLength: 20, maxLength: 250 }),
        fc.string({ maxLength: 40 }),
        (token, before) => {
          for (const echo of echoes(token)) {
            const redacted = redactSecrets(`${before} ${echo}`, [token]);
            for (let i = 0; i + 12 <= token.length; i++) {
              expect(redacted).not.toContain(token.slice(i, i + 12));
            }
            expect(redacted).not.toContain(base64(token).slice(4, 20));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
