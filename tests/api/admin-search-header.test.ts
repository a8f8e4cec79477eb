import { beforeAll, expect, it } from 'vitest';
import { SEARCH_HEADER } from '../../src/shared/admin-audit';
import { seedCandidate, signIn } from '../support/admin';
import { describeEachDatabase } from '../support/test-app';

// A search names a person (a phone, an e-mail, a name): the dashboard sends it in a header, never
// in a URL a proxy logs or a browser keeps (decision 024).

describeEachDatabase('admin search words in the X-Search header', (current) => {
  let cookie = '';
  const tag = `h${Date.now().toString(36)}`;
  const phone = '602 555 0188';
  let ids: number[] = [];

  beforeAll(async () => {
    const testApp = current();
    cookie = await signIn(testApp.app);
    const found = await seedCandidate(testApp, 'regular', { last_name: `${tag}García`, phone });
    await seedCandidate(testApp, 'regular', { last_name: `${tag}Other` });
    ids = [found.id];
  });

  const read = (url: string, words: string) =>
    current().app.inject({
      method: 'GET',
      url,
      headers: { cookie, [SEARCH_HEADER]: encodeURIComponent(words) },
    });

  it('finds by phone and by an accented name in the list, the board and the export', async () => {
    for (const words of [phone, `${tag}garcía`]) {
      const list = await read('/api/candidate-submissions?type=regular', words);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json<{ id: number }[]>().map((row) => row.id)).toEqual(ids);
      expect(list.headers['x-total-count']).toBe('1');
      const board = await read('/api/candidate-submissions/board?status=new&type=regular', words);
      expect(board.json<{ id: number }[]>().map((row) => row.id)).toEqual(ids);
    }
    const csv = await read('/api/admin/export/candidates.csv', `${tag}García`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`${tag}García`);
    expect(csv.body).not.toContain(`${tag}Other`);
    // The audit says a search narrowed the export, never its words.
    const audit = await current().app.inject({
      url: '/api/admin/audit?action=export',
      headers: { cookie },
    });
    expect(audit.json<{ detail: string }[]>()[0]?.detail).toBe('candidates, filtered by search');
  });

  it('refuses words that are not URI-encoded, naming the header', async () => {
    const response = await current().app.inject({
      method: 'GET',
      url: '/api/admin/lead-emails',
      headers: { cookie, [SEARCH_HEADER]: '%E0%A4%A' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { [SEARCH_HEADER]: expect.any(String) } });
  });
});
