import type { Page } from '@playwright/test';
import { CONFIGURED, type PixelCall } from './outside-world';

/** The only script the site may load from Meta (src/client/lib/tracking/pixel.ts). */
export const PIXEL_SCRIPT = 'https://connect.facebook.net/en_US/fbevents.js';

/** The pixel's first call, once per document. */
export const INIT: PixelCall = ['init', CONFIGURED.pixelId];

/** PageView and the content view every page view sends first. */
export const pageViewOf = (path: string): PixelCall[] => [
  ['track', 'PageView'],
  ['track', 'ViewContent', { content_name: path }],
];

/** What the site recorded, pixel or not (`window.__trackedEvents`). */
export function trackedEvents(page: Page): Promise<PixelCall[]> {
  return page.evaluate(
    () => (window as unknown as { __trackedEvents?: PixelCall[] }).__trackedEvents ?? [],
  );
}

/** Counts the page's requests for Meta's script (the stub answers them, when routed). */
export function countPixelScriptRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.url().startsWith('https://connect.facebook.net/')) count += 1;
  });
  return () => count;
}

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
