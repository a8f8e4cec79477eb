import { beforeAll, expect, it } from 'vitest';
import { SEARCH_HEADER } from '../../src/shared/admin-audit';
import { seedCandidate, signIn } from '../support/admin';
import { fetchOpenApi } from '../support/openapi';
import { searchHeader } from '../support/search';
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
      headers: { cookie, ...searchHeader(words) },
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

  const searching = [
    '/api/candidate-submissions?type=regular',
    '/api/candidate-submissions?type=regular&limit=1', // the tabs' counts
    '/api/company-submissions/board?status=new',
    '/api/admin/lead-emails',
    '/api/admin/export/candidates.csv',
  ];
  const documented = (url: string) => url.split('?')[0]!.replace(/candidates\.csv$/, '{file}');

  it('refuses ?q=, naming it and the header, rather than answering every lead', async () => {
    for (const url of searching) {
      const response = await current().app.inject({
        method: 'GET',
        url: `${url}${url.includes('?') ? '&' : '?'}q=${tag}`,
        headers: { cookie },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields).toEqual({
        q: `Not in the URL: send the words in the ${SEARCH_HEADER} header`,
      });
    }
  });

  it('documents the header, and no q parameter, on every route that searches', async () => {
    const { paths } = await fetchOpenApi(current().app);
    for (const url of searching) {
      const path = documented(url);
      const { parameters } = paths[path]!.get as unknown as {
        parameters: { in: string; name: string; description?: string }[];
      };
      expect(
        parameters.find((parameter) => parameter.name === 'q'),
        path,
      ).toBeUndefined();
      expect(
        parameters.find((parameter) => parameter.in === 'header'),
        path,
      ).toMatchObject({
        name: SEARCH_HEADER.toLowerCase(),
        description: expect.stringContaining('URI-encoded'),
      });
    }
  });
});
