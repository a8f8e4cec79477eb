// The one path of tracking events: recorded in order, handed to the pixel while
// allowed. In every first load, so it stays tiny.

/** A pixel event (spec 2, 7) as `fbq` arguments; never personal data. */
export type PixelEvent =
  | readonly ['track', StandardEvent, EventParams?, EventOptions?]
  | readonly ['trackCustom', string, EventParams?];
type StandardEvent = 'PageView' | 'ViewContent' | 'Lead' | 'Schedule';
type EventParams = Readonly<Record<string, string>>;
/** fbq's fourth argument: the event id shared with the server's copy. */
export type EventOptions = Readonly<{ eventID: string }>;

/** Every event of this document, in order (also `window.__trackedEvents`: tests, debugging). */
export const trackedEvents: PixelEvent[] = [];

const listeners = new Set<(event: PixelEvent) => void>();
let currentPath: string | undefined;
let pageStart = 0;
let sentOnThisPage = new Set<string>();

/** Pages that show a person's own data (the admin area, /status): nothing is tracked there. */
export const isPrivatePage = (path: string): boolean => /^\/(admin|status)(\/|$)/.test(path);

export function track(event: PixelEvent): void {
  trackedEvents.push(event);
  for (const listener of listeners) listener(event);
}

/** Marks `path` in view; a new path records its views, once however often effects run. */
export function enterPage(path: string): void {
  if (path === currentPath) return;
  currentPath = path;
  pageStart = trackedEvents.length;
  sentOnThisPage = new Set();
  if (isPrivatePage(path)) return;
  track(['track', 'PageView']);
  track(['track', 'ViewContent', { content_name: path }]);
}

export function trackOncePerPage(path: string, key: string, event: PixelEvent): void {
  enterPage(path);
  if (isPrivatePage(path) || sentOnThisPage.has(key)) return;
  sentOnThisPage.add(key);
  track(event);
}

export const currentPageStart = (): number => pageStart;

export function onTrack(listener: (event: PixelEvent) => void): void {
  listeners.add(listener);
}
