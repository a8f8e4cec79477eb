import type { APIRequestContext } from '@playwright/test';
import { fullTitle } from '../../src/client/app/route-meta';
import { expect, test } from './fixtures';
import { mainHeadingOf, publicRoutes, site } from './support/site';

/**
 * What a crawler or a visitor without JavaScript receives: the HTML as the server sends it,
 * fetched without a browser, so nothing here can come from client-side rendering.
 */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  nbsp: '\u00a0',
};

function decode(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? entity;
  });
}

/** The text of every `<tag>` element, without inner markup. */
function textsOf(html: string, tag: string): string[] {
  const pattern = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'gi');
  return [...html.matchAll(pattern)].map((match) =>
    decode((match[1] ?? '').replace(/<[^>]*>/g, ''))
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** The attributes of every void `<tag>` (meta, link), as records. */
function tagsOf(html: string, tag: string): Record<string, string>[] {
  const pattern = new RegExp(`<${tag}\\b([^>]*)>`, 'gi');
  return [...html.matchAll(pattern)].map((match) =>
    Object.fromEntries(
      [...(match[1] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [
        key as string,
        decode(value as string),
      ]),
    ),
  );
}

interface RawPage {
  status: number;
  contentType: string;
  h1: string[];
  title: string[];
  description: (string | undefined)[];
  canonical: (string | undefined)[];
  ogUrl: (string | undefined)[];
  ogTitle: (string | undefined)[];
  robots: (string | undefined)[];
  lang: string | undefined;
}

async function fetchRaw(request: APIRequestContext, path: string): Promise<RawPage> {
  const response = await request.get(path);
  const html = await response.text();
  const metas = tagsOf(html, 'meta');
  const meta = (key: 'name' | 'property', value: string) =>
    metas.filter((m) => m[key] === value).map((m) => m.content);
  return {
    status: response.status(),
    contentType: response.headers()['content-type'] ?? '',
    h1: textsOf(html, 'h1'),
    title: textsOf(html, 'title'),
    description: meta('name', 'description'),
    canonical: tagsOf(html, 'link')
      .filter((link) => link.rel === 'canonical')
      .map((link) => link.href),
    ogUrl: meta('property', 'og:url'),
    ogTitle: meta('property', 'og:title'),
    robots: meta('name', 'robots'),
    lang: tagsOf(html, 'html')[0]?.lang,
  };
}

for (const route of publicRoutes) {
  test(`${route.path}: the raw HTML holds the main heading and the head tags`, async ({
    request,
  }) => {
    const raw = await fetchRaw(request, route.path);
    expect(raw.status).toBe(200);
    expect(raw.contentType).toMatch(/^text\/html/);
    expect(raw.lang).toBe('en');

    expect(raw.h1).toEqual([mainHeadingOf(route.path)]);

    const title = fullTitle(route.title, site.brandName);
    expect(raw.title).toEqual([title]);
    expect(raw.ogTitle).toEqual([title]);
    expect(raw.description).toEqual([route.description]);
    expect(raw.canonical).toEqual([site.siteUrl + route.path]);
    expect(raw.ogUrl).toEqual([site.siteUrl + route.path]);
    expect(raw.robots).toEqual([]);
  });
}

test('titles and descriptions differ from route to route', async ({ request }) => {
  const pages = await Promise.all(publicRoutes.map((route) => fetchRaw(request, route.path)));
  const titles = pages.map((page) => page.title[0]);
  const descriptions = pages.map((page) => page.description[0]);
  expect(new Set(titles).size).toBe(publicRoutes.length);
  expect(new Set(descriptions).size).toBe(publicRoutes.length);
  for (const description of descriptions) expect(description?.length).toBeGreaterThan(40);
});

test('unknown paths and the admin area are kept out of search results', async ({ request }) => {
  const missing = await fetchRaw(request, '/no-such-page');
  expect(missing.status).toBe(404);
  expect(missing.h1).toEqual(['404 Page Not Found']);
  expect(missing.robots).toEqual(['noindex, nofollow']);

  const admin = await fetchRaw(request, '/admin');
  expect(admin.status).toBe(200);
  expect(admin.robots).toEqual(['noindex, nofollow']);
});
