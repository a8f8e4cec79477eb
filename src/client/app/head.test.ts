import { describe, expect, it } from 'vitest';
import { parseSiteConfig } from '@shared/site-config';
import { headFor, headTags, metaTagsFor } from './head';
import { routeMeta } from './route-meta';

const site = parseSiteConfig({ SITE_URL: 'https://talent.example/', BRAND_NAME: 'A & B' });

/** The meta tags of a page as `key -> content`. */
const metaOf = (path: string) =>
  Object.fromEntries(metaTagsFor(headFor(path, site), site).map((tag) => [tag.key, tag.content]));

describe('head tags', () => {
  it('give every page Open Graph and Twitter card tags with an absolute 1200×630 image', () => {
    for (const { path } of [...routeMeta, { path: '/no-such-page' }]) {
      const meta = metaOf(path);
      expect(meta['og:url'], path).toBe(`https://talent.example${path}`);
      expect(meta['og:type']).toBe('website');
      expect(meta['og:site_name']).toBe('A & B');
      expect(meta['og:image']).toMatch(/^https:\/\/talent\.example\/share\/\w+\.png$/);
      expect(meta['og:image:width']).toBe('1200');
      expect(meta['og:image:height']).toBe('630');
      expect(meta['og:image:alt']?.length).toBeGreaterThan(40);
      expect(meta['twitter:card']).toBe('summary_large_image');
      expect(meta['twitter:image']).toBe(meta['og:image']);
      expect(meta['twitter:title']).toBe(meta['og:title']);
    }
  });

  it('show each audience its own share image', () => {
    const image = (path: string) => metaOf(path)['og:image'];
    for (const path of ['/candidates', '/career', '/training', '/apply', '/typeform', '/thank-you'])
      expect(image(path), path).toBe('https://talent.example/share/candidates.png');
    for (const path of ['/companies', '/hiring'])
      expect(image(path), path).toBe('https://talent.example/share/companies.png');
    for (const path of ['/', '/about', '/contact', '/privacy', '/terms', '/no-such-page'])
      expect(image(path), path).toBe('https://talent.example/share/default.png');
  });

  it('keep the funnel steps out of search results but let crawlers follow their links', () => {
    for (const path of ['/apply', '/typeform', '/thank-you'])
      expect(metaOf(path).robots, path).toBe('noindex');
    for (const path of ['/admin', '/questionnaire', '/no-such-page'])
      expect(metaOf(path).robots, path).toBe('noindex, nofollow');
    for (const path of ['/', '/candidates', '/companies', '/hiring', '/privacy'])
      expect(metaOf(path).robots, path).toBeUndefined();
  });

  it('are escaped in the pre-rendered HTML', () => {
    const html = headTags('/', site);
    expect(html).toContain('<meta property="og:site_name" content="A &amp; B">');
    expect(html).toContain(
      '<title>AI Data Center Technician Training and Hiring | A &amp; B</title>',
    );
    expect(html).toContain('<link rel="canonical" href="https://talent.example/">');
    expect(html.match(/<meta /g)).toHaveLength(metaTagsFor(headFor('/', site), site).length);
  });
});
