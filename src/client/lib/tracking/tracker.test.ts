import { describe, expect, it } from 'vitest';
import { enterPage, trackedEvents, trackOncePerPage, type PixelEvent } from './tracker';

const view = (path: string): PixelEvent[] => [
  ['track', 'PageView'],
  ['track', 'ViewContent', { content_name: path }],
];
const pageEvent: PixelEvent = ['track', 'ViewContent', { content_name: 'page' }];

/** The events recorded while `run` ran (the log is one per document, like the browser's). */
function recorded(run: () => void): PixelEvent[] {
  const start = trackedEvents.length;
  run();
  return trackedEvents.slice(start);
}

describe('tracker', () => {
  it('records a page view once per path, however often the effects run', () => {
    expect(
      recorded(() => {
        enterPage('/a');
        enterPage('/a');
      }),
    ).toEqual(view('/a'));
  });

  it('a new path is a new page view, and so is coming back to an earlier one', () => {
    expect(
      recorded(() => {
        enterPage('/b');
        enterPage('/a');
      }),
    ).toEqual([...view('/b'), ...view('/a')]);
  });

  it("sends a page's own event once per page view, after the page view even if it runs first", () => {
    expect(
      recorded(() => {
        trackOncePerPage('/c', 'key', pageEvent); // the page's effect, before its layout's
        enterPage('/c');
        trackOncePerPage('/c', 'key', pageEvent); // strict mode runs it again
      }),
    ).toEqual([...view('/c'), pageEvent]);
    expect(
      recorded(() => {
        enterPage('/d');
        trackOncePerPage('/c', 'key', pageEvent);
      }),
    ).toEqual([...view('/d'), ...view('/c'), pageEvent]);
  });
});
