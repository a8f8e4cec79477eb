import { pageView, routeContentView, type PixelEvent } from './events';

/**
 * The one place the site's tracking events go through (docs/decisions/050-tracking-module.md).
 * Pages and forms call `track`/`trackOncePerPage`; every event is recorded here, in order, and
 * handed to the pixel (pixel.ts) only while the visitor's choices allow it. This module is in
 * every page's first load, so it stays tiny: the pixel's own code loads later, when idle.
 */

/** Every event of this document, in order (also `window.__trackedEvents`: tests, debugging). */
export const trackedEvents: PixelEvent[] = [];

const listeners = new Set<(event: PixelEvent) => void>();
let currentPath: string | undefined;
let pageStart = 0;
let sentOnThisPage = new Set<string>();

export function track(event: PixelEvent): void {
  trackedEvents.push(event);
  for (const listener of listeners) listener(event);
}

/**
 * Marks `path` as the page in view. A path other than the last one is a new page view: its
 * PageView and content view are recorded first. Idempotent for the same path, so effects that
 * run twice (React's strict mode) or in any order (a page's before its layout's) send once.
 * A query or hash change is not a new page view; going back to an earlier page is.
 */
export function enterPage(path: string): void {
  if (path === currentPath) return;
  currentPath = path;
  pageStart = trackedEvents.length;
  sentOnThisPage = new Set();
  track(pageView);
  track(routeContentView(path));
}

/** Records `event` at most once per page view of `path`, under `key`. */
export function trackOncePerPage(path: string, key: string, event: PixelEvent): void {
  enterPage(path);
  if (sentOnThisPage.has(key)) return;
  sentOnThisPage.add(key);
  track(event);
}

/** Where the current page view's events start in `trackedEvents`. */
export const currentPageStart = (): number => pageStart;

/** Calls `listener` with every event tracked from now on. */
export function onTrack(listener: (event: PixelEvent) => void): void {
  listeners.add(listener);
}
