import {
  CONSENT_STORAGE_KEY,
  pixelAllowed,
  privacyState,
  reloadConsentChoice,
  subscribeConsent,
} from './consent';
import { currentPageStart, onTrack, trackedEvents, type PixelEvent } from './tracker';

// The Meta Pixel, the only code touching `window.fbq`: loaded when idle with a pixel id and no GPC.

/** The only script loaded from Meta; the content security policy allows exactly this origin. */
const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';

interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
  disablePushState?: boolean;
  allowDuplicatePageViews?: boolean;
}

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

let fbq: Fbq | undefined;
let sending = false;

/** Meta's base code without its inline script (the CSP refuses it): `fbq` queues until loaded. */
function installFbq(pixelId: string): Fbq {
  const queued = ((...args: unknown[]) => {
    if (queued.callMethod) queued.callMethod(...args);
    else queued.queue.push(args);
  }) as Fbq;
  queued.queue = [];
  queued.push = queued;
  queued.loaded = true;
  queued.version = '2.0';
  // Meta counts exactly the page views the tracker sends (spec: one per route change): not one of
  // its own on every history.pushState, nor drops the second view of the same document.
  queued.disablePushState = true;
  queued.allowDuplicatePageViews = true;
  window.fbq = queued;
  window._fbq ??= queued;
  queued('init', pixelId);
  const script = document.createElement('script');
  script.async = true;
  script.src = PIXEL_SCRIPT_URL;
  document.head.append(script);
  return queued;
}

const send = (event: PixelEvent) => fbq?.(...event);

/** Starts sending from event `from`: all when allowed from the start, this page's on accept. */
function start(pixelId: string, from: number): void {
  if (sending) return;
  if (fbq) fbq('consent', 'grant');
  else fbq = installFbq(pixelId);
  sending = true;
  trackedEvents.slice(from).forEach(send);
}

/** Stops for good (until a new yes): Meta is told to drop consent, and nothing more is sent. */
function stop(): void {
  if (!sending) return;
  sending = false;
  fbq?.('consent', 'revoke');
}

export function connectPixel(pixelId: string): void {
  onTrack((event) => {
    if (sending) send(event);
  });
  const follow = (from: number) => {
    if (pixelAllowed(privacyState())) start(pixelId, from);
    else stop();
  };
  follow(0);
  subscribeConsent(() => follow(currentPageStart()));
  window.addEventListener('storage', (event) => {
    if (event.key === CONSENT_STORAGE_KEY) reloadConsentChoice();
  });
}
