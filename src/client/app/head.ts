import type { SiteConfig } from '@shared/site-config';
import { findRouteMeta, fullTitle, NOT_FOUND_META } from './route-meta';

export interface HeadData {
  title: string;
  description: string;
  /** Site origin + path: used for the canonical link and og:url. */
  url: string;
  /** Set for pages that must stay out of search results. */
  robots?: string;
}

export function headFor(pathname: string, site: SiteConfig): HeadData {
  const meta = findRouteMeta(pathname) ?? NOT_FOUND_META;
  return {
    title: fullTitle(meta.title, site.brandName),
    description: meta.description,
    url: site.siteUrl + pathname,
    ...(meta.indexable ? {} : { robots: 'noindex, nofollow' }),
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );

/** The head tags of one page as HTML, for the pre-rendered files. */
export function headTags(pathname: string, site: SiteConfig): string {
  const head = headFor(pathname, site);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<link rel="canonical" href="${escapeHtml(head.url)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(site.brandName)}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(head.url)}">`,
  ];
  if (head.robots) tags.push(`<meta name="robots" content="${head.robots}">`);
  return tags.join('\n    ');
}

function upsert(selector: string, create: () => HTMLElement, attribute: string, value: string) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.setAttribute(attribute, value);
}

function metaElement(attribute: 'name' | 'property', key: string) {
  return () => {
    const element = document.createElement('meta');
    element.setAttribute(attribute, key);
    return element;
  };
}

/** Applies a page's head data to the live document after an in-app navigation. */
export function applyHead(head: HeadData): void {
  document.title = head.title;
  upsert(
    'meta[name="description"]',
    metaElement('name', 'description'),
    'content',
    head.description,
  );
  upsert(
    'link[rel="canonical"]',
    () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
    'href',
    head.url,
  );
  upsert('meta[property="og:title"]', metaElement('property', 'og:title'), 'content', head.title);
  upsert(
    'meta[property="og:description"]',
    metaElement('property', 'og:description'),
    'content',
    head.description,
  );
  upsert('meta[property="og:url"]', metaElement('property', 'og:url'), 'content', head.url);
  const robots = document.head.querySelector('meta[name="robots"]');
  if (head.robots)
    upsert('meta[name="robots"]', metaElement('name', 'robots'), 'content', head.robots);
  else robots?.remove();
}
