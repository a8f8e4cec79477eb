import { readRuntimeConfig } from '../runtime-config';
import { sendsGlobalPrivacyControl } from './gpc';
import { isPrivatePage, trackedEvents } from './tracker';

/** Once per document: events are recorded; the pixel loads when idle, with an id and no GPC. */
export function startTracking(): void {
  // The admin area and /status show personal data: nothing is recorded or sent, no Pixel loads.
  if (isPrivatePage(window.location.pathname)) return;
  Object.assign(window, { __trackedEvents: trackedEvents });
  const { metaPixelId } = readRuntimeConfig();
  if (!metaPixelId || sendsGlobalPrivacyControl()) return;
  const connect = () => void import('./pixel').then((pixel) => pixel.connectPixel(metaPixelId));
  // Where there is no idle callback (Safari), at once: a 3-s wait would miss quick visits.
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(connect, { timeout: 3000 }) : connect();
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
