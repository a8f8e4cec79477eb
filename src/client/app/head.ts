import { escapeHtml } from '@shared/escape-html';
import type { SiteConfig } from '@shared/site-config';
import { fullTitle, NOT_FOUND_META, routeMeta } from './route-meta';
import { SHARE_IMAGE_SIZE, shareImages } from './share-images';

/** A page's head; its URLs are absolute (crawlers do not resolve a relative og:image). */
export function headFor(pathname: string, site: SiteConfig) {
  const meta = routeMeta.find((route) => route.path === pathname) ?? NOT_FOUND_META;
  const image = shareImages[meta.audience];
  // Funnel steps: not in results, but their links (home, privacy...) are worth following.
  const robots = meta.indexable ? undefined : meta.public ? 'noindex' : 'noindex, nofollow';
  return {
    title: fullTitle(meta.title, site.brandName),
    description: meta.description,
    url: site.siteUrl + pathname,
    ...(robots ? { robots } : {}),
    image: { url: site.siteUrl + image.path, alt: `${image.headline}. ${image.subline}` },
  };
}
type HeadData = ReturnType<typeof headFor>;

/** Every `<meta>` of a page, in order: pre-render and client navigation share this one list. */
export function metaTagsFor(head: HeadData, site: SiteConfig) {
  // `name` for description, robots and twitter:*, `property` for og:*.
  const tag = (attribute: 'name' | 'property') => (key: string, content: string) => ({
    attribute,
    key,
    content,
  });
  const [name, property] = [tag('name'), tag('property')];
  return [
    name('description', head.description),
    property('og:type', 'website'),
    property('og:site_name', site.brandName),
    property('og:title', head.title),
    property('og:description', head.description),
    property('og:url', head.url),
    property('og:image', head.image.url),
    property('og:image:type', 'image/png'),
    property('og:image:width', String(SHARE_IMAGE_SIZE.width)),
    property('og:image:height', String(SHARE_IMAGE_SIZE.height)),
    property('og:image:alt', head.image.alt),
    name('twitter:card', 'summary_large_image'),
    name('twitter:title', head.title),
    name('twitter:description', head.description),
    name('twitter:image', head.image.url),
    name('twitter:image:alt', head.image.alt),
    ...(head.robots ? [name('robots', head.robots)] : []),
  ];
}

export function headTags(pathname: string, site: SiteConfig): string {
  const head = headFor(pathname, site);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(head.url)}">`,
    ...metaTagsFor(head, site).map(
      (tag) => `<meta ${tag.attribute}="${tag.key}" content="${escapeHtml(tag.content)}">`,
    ),
  ];
  return tags.join('\n    ');
}

/** The head's `<name attribute="value">`, added if it has none. */
function headElement(name: 'link' | 'meta', attribute: string, value: string): Element {
  const found = document.head.querySelector(`${name}[${attribute}="${value}"]`);
  if (found) return found;
  const element = document.createElement(name);
  element.setAttribute(attribute, value);
  return document.head.appendChild(element);
}

export function applyHead(head: HeadData, site: SiteConfig): void {
  document.title = head.title;
  headElement('link', 'rel', 'canonical').setAttribute('href', head.url);
  for (const tag of metaTagsFor(head, site))
    headElement('meta', tag.attribute, tag.key).setAttribute('content', tag.content);
  if (!head.robots) document.head.querySelector('meta[name="robots"]')?.remove();
}
