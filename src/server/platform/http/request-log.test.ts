import { describe, expect, it } from 'vitest';
import { logSerializers } from './request-log';
import { newToken } from './tokens';

const logged = (url: string) => logSerializers.req({ method: 'GET', url }).url;

describe('what a request log line keeps of the URL', () => {
  it('keeps the path without its query string', () => {
    expect(logged('/api/admin/items?q=ada%40example.com')).toBe('/api/admin/items');
    expect(logged('/api/things/12')).toBe('/api/things/12');
  });

  it('hides a secret token in the path, and only a token', () => {
    const token = newToken();
    expect(logged(`/calendar/${token}.ics?x=1`)).toBe('/calendar/[token].ics');
    expect(logged(`/files/${token}/a`)).toBe('/files/[token]/a');
    expect(logged('/calendar/short.ics')).toBe('/calendar/short.ics');
  });
});

describe('what a log line keeps of an error', () => {
  it("keeps no database detail, which can quote a row's values", async () => {
    const lines: string[] = [];
    const { default: pino } = await import('pino');
    const log = pino(
      { serializers: logSerializers },
      { write: (line: string) => lines.push(line) },
    );
    const error = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (email)=(ada@example.com) already exists.',
    });
    log.error({ err: error }, 'audit entry failed');
    expect(lines.join('')).not.toContain('ada@example.com');
    expect(JSON.parse(lines[0]!).err).toMatchObject({ code: '23505', type: 'Error' });
  });
});
