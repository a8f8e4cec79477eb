/** The page views' pixel events (spec 2, 7) as `fbq` arguments; never personal data. */
export type PixelEvent =
  | readonly ['track', StandardEvent, EventParams?, EventOptions?]
  | readonly ['trackCustom', string, EventParams?];
export type StandardEvent = 'PageView' | 'ViewContent' | 'Lead' | 'Schedule';
export type EventParams = Readonly<Record<string, string>>;
/** fbq's fourth argument: the event id shared with the server's copy. */
export type EventOptions = Readonly<{ eventID: string }>;

/** Sent on the first load and on every route change: the page-view event. */
export const pageView: PixelEvent = ['track', 'PageView'];

/** Sent with every page view: the content-view event, naming the route. */
export const routeContentView = (path: string): PixelEvent => [
  'track',
  'ViewContent',
  { content_name: path },
];

/** Home: 500 ms after the page loaded (spec section 2, `homeViewTrackingDelayMs`). */
export const homeContentView: PixelEvent = ['track', 'ViewContent', { content_name: 'home' }];

/** Landing B on load. */
export const landingBContentView: PixelEvent = [
  'track',
  'ViewContent',
  { content_name: 'candidates_landing_b', variant: 'high_salary' },
];
