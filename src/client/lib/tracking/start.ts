import { readRuntimeConfig } from '../runtime-config';
import { whenIdle } from '../scheduling';
import { sendsGlobalPrivacyControl } from './gpc';
import { isPrivatePage, trackedEvents } from './tracker';

declare global {
  interface Window {
    __trackedEvents?: unknown[];
  }
}

/** Once per document: events are recorded; the pixel loads when idle, with an id and no GPC. */
export function startTracking(): void {
  // The admin area and /status show personal data: nothing is recorded or sent, no Pixel loads.
  if (isPrivatePage(window.location.pathname)) return;
  window.__trackedEvents = trackedEvents;
  const { metaPixelId } = readRuntimeConfig();
  if (!metaPixelId || sendsGlobalPrivacyControl()) return;
  const connect = () => void import('./pixel').then((pixel) => pixel.connectPixel(metaPixelId));
  const connectWhenIdle = () => whenIdle(connect, 3000);
  if (document.readyState === 'complete') connectWhenIdle();
  else window.addEventListener('load', connectWhenIdle, { once: true });
}
