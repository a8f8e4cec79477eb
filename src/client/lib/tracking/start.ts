import { readRuntimeConfig } from '../runtime-config';
import { sendsGlobalPrivacyControl } from './gpc';
import { trackedEvents } from './tracker';

declare global {
  interface Window {
    __trackedEvents?: unknown[];
  }
}

/**
 * Once per document. Events are always recorded; the pixel's code loads, idle after load, only
 * with a pixel id and no GPC. Until then events wait in `trackedEvents`.
 */
export function startTracking(): void {
  // The admin area shows leads' personal data: nothing is recorded or sent there, even if a
  // pixel id reached the page (the server gives /admin none; decision 041).
  if (/^\/admin(\/|$)/.test(window.location.pathname)) return;
  window.__trackedEvents = trackedEvents;
  const { metaPixelId } = readRuntimeConfig();
  if (!metaPixelId || sendsGlobalPrivacyControl()) return;
  const connect = () => void import('./pixel').then((pixel) => pixel.connectPixel(metaPixelId));
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(connect, { timeout: 3000 }) : connect();
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
