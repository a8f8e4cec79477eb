import type { APIRequestContext } from '@playwright/test';
import { fullTitle, type RouteMeta } from '../../src/client/app/route-meta';
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
  /** Every `<meta property|name>` as key -> contents. */
  metas: Record<string, (string | undefined)[]>;
  /** The parsed JSON-LD blocks. */
  jsonLd: Record<string, unknown>[];
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
    metas: metas.reduce<Record<string, (string | undefined)[]>>((all, m) => {
      const key = m.property ?? m.name;
      if (key) all[key] = [...(all[key] ?? []), m.content];
      return all;
    }, {}),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? 'null'),
    ),
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
    expect(raw.robots).toEqual(route.indexable ? [] : ['noindex']);
  });
}

/** The share image each page shows when its link is shared. */
const SHARE_IMAGE: Record<string, string> = {
  '/candidates': 'candidates',
  '/career': 'candidates',
  '/training': 'candidates',
  '/apply': 'candidates',
  '/typeform': 'candidates',
  '/thank-you': 'candidates',
  '/book': 'candidates',
  '/companies': 'companies',
  '/hiring': 'companies',
};

for (const route of publicRoutes) {
  test(`${route.path}: the raw HTML holds Open Graph and Twitter card tags`, async ({
    request,
  }) => {
    const raw = await fetchRaw(request, route.path);
    const title = fullTitle(route.title, site.brandName);
    const image = `${site.siteUrl}/share/${SHARE_IMAGE[route.path] ?? 'default'}.png`;
    const one = (key: string) => raw.metas[key] ?? [];
    expect(one('og:type')).toEqual(['website']);
    expect(one('og:site_name')).toEqual([site.brandName]);
    expect(one('og:description')).toEqual([route.description]);
    expect(one('og:image')).toEqual([image]);
    expect(one('og:image:width')).toEqual(['1200']);
    expect(one('og:image:height')).toEqual(['630']);
    expect(one('og:image:alt')[0]?.length).toBeGreaterThan(40);
    expect(one('twitter:card')).toEqual(['summary_large_image']);
    expect(one('twitter:title')).toEqual([title]);
    expect(one('twitter:description')).toEqual([route.description]);
    expect(one('twitter:image')).toEqual([image]);
    expect(one('twitter:image:alt')).toEqual(one('og:image:alt'));
  });
}

test('each share image is a 1200×630 PNG under 150 KB', async ({ request }) => {
  for (const name of ['candidates', 'companies', 'default']) {
    const response = await request.get(`/share/${name}.png`);
    expect(response.status(), name).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const png = await response.body();
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)], name).toEqual([1200, 630]);
    expect(png.length).toBeLessThan(150 * 1024);
  }
});

/** The JSON-LD types of a page, in order. */
const typesOf = (raw: RawPage) => raw.jsonLd.map((data) => data['@type']);

test('JSON-LD: Organization everywhere, FAQPage with an FAQ, the programme to candidates', async ({
  request,
}) => {
  const expected: Record<string, string[]> = {
    '/candidates': ['Organization', 'FAQPage', 'EducationalOccupationalProgram'],
    '/career': ['Organization', 'FAQPage', 'EducationalOccupationalProgram'],
    '/training': ['Organization', 'EducationalOccupationalProgram'],
    '/companies': ['Organization', 'FAQPage'],
  };
  const routes: Pick<RouteMeta, 'path'>[] = [...publicRoutes, { path: '/no-such-page' }];
  for (const { path } of routes) {
    const raw = await fetchRaw(request, path);
    expect(typesOf(raw), path).toEqual(expected[path] ?? ['Organization']);
    expect(raw.jsonLd[0], path).toMatchObject({
      '@context': 'https://schema.org',
      name: site.brandName,
      url: `${site.siteUrl}/`,
      email: site.contactEmail,
      logo: `${site.siteUrl}/share/logo.png`,
    });
  }
  const logo = await request.get('/share/logo.png');
  expect(logo.headers()['content-type']).toBe('image/png');
});

test('titles and descriptions differ from route to route', async ({ request }) => {
  const pages = await Promise.all(publicRoutes.map((route) => fetchRaw(request, route.path)));
  const titles = pages.map((page) => page.title[0]);
  const descriptions = pages.map((page) => page.description[0]);
  expect(new Set(titles).size).toBe(publicRoutes.length);
  expect(new Set(descriptions).size).toBe(publicRoutes.length);
  for (const description of descriptions) expect(description?.length).toBeGreaterThan(40);
});

test('unknown paths and the admin area are kept out of search results', async ({ request }) => {
  // Nor do crawlers follow their links (spec section 2 for the not-found page).
  const missing = await fetchRaw(request, '/no-such-page');
  expect(missing.status).toBe(404);
  expect(missing.h1).toEqual(['404 Page Not Found']);
  expect(missing.robots).toEqual(['noindex, nofollow']);

  const admin = await fetchRaw(request, '/admin');
  expect(admin.status).toBe(200);
  expect(admin.robots).toEqual(['noindex, nofollow']);
});
