import { describe, expect, it, vi } from 'vitest';
import { timings } from '@shared/claims';
import {
  COMPLETION_SELECTOR,
  documentShowsCompletion,
  finishApplication,
  frameShowsCompletion,
  urlShowsCompletion,
  type CompletionSteps,
} from './completion';

describe('urlShowsCompletion', () => {
  it.each([
    'https://forms.fillout.com/t/abc/success',
    'https://example.typeform.com/to/x?state=complete',
    'https://example.com/form#thank-you',
    'http://127.0.0.1/questionnaire/Completed',
  ])('sees an end screen in %s', (href) => expect(urlShowsCompletion(href)).toBe(true));

  it.each([
    'https://forms.fillout.com/t/abc',
    'http://127.0.0.1/questionnaire?fillout-embed-id=application',
    'https://thank-you-forms.example/t/abc',
    'not a url',
  ])('sees none in %s', (href) => expect(urlShowsCompletion(href)).toBe(false));
});

describe('documentShowsCompletion', () => {
  it('asks the document for the end-screen class names', () => {
    const querySelector = vi.fn().mockReturnValue({});
    expect(documentShowsCompletion({ querySelector })).toBe(true);
    expect(querySelector).toHaveBeenCalledWith(COMPLETION_SELECTOR);
    expect(COMPLETION_SELECTOR).toContain('.form-complete');
  });

  it('is false when nothing matches', () => {
    expect(documentShowsCompletion({ querySelector: () => null })).toBe(false);
  });
});

describe('frameShowsCompletion', () => {
  it('is false without a frame or when the frame is cross-origin (reading throws)', () => {
    expect(frameShowsCompletion(null)).toBe(false);
    const crossOrigin = {
      get contentWindow() {
        return {
          get location(): Location {
            throw new DOMException('Blocked a frame', 'SecurityError');
          },
        };
      },
    } as unknown as HTMLIFrameElement;
    expect(frameShowsCompletion(crossOrigin)).toBe(false);
  });

  it('reads the URL, then the DOM, of a same-origin frame', () => {
    const frame = (href: string, done: boolean) =>
      ({
        contentWindow: {
          location: { href },
          document: { querySelector: () => (done ? {} : null) },
        },
      }) as unknown as HTMLIFrameElement;
    expect(frameShowsCompletion(frame('http://x.test/form/thanks', false))).toBe(true);
    expect(frameShowsCompletion(frame('http://x.test/questionnaire', true))).toBe(true);
    expect(frameShowsCompletion(frame('http://x.test/questionnaire', false))).toBe(false);
  });
});

function steps(overrides: Partial<CompletionSteps> = {}) {
  const calls: string[] = [];
  const all: CompletionSteps = {
    markCompleted: () => calls.push('markCompleted'),
    storedEmail: () => 'ada@example.com',
    reportCompletion: async (email) => calls.push(`report ${email}`),
    announce: () => calls.push('announce'),
    goToThankYou: () => calls.push('goToThankYou'),
    wait: async (ms) => {
      calls.push(`wait ${ms}`);
    },
    logError: (message) => calls.push(`error ${message}`),
    ...overrides,
  };
  return { all, calls };
}

describe('finishApplication', () => {
  it('flags, reports with the stored e-mail, toasts, waits 1 s and redirects', async () => {
    const { all, calls } = steps();
    await expect(finishApplication(all)).resolves.toBe('redirected');
    expect(calls).toEqual([
      'markCompleted',
      'report ada@example.com',
      'announce',
      `wait ${timings.completionRedirectDelayMs}`,
      'goToThankYou',
    ]);
    expect(timings.completionRedirectDelayMs).toBe(1000);
  });

  it('skips the call without a stored e-mail and still redirects after 1 s', async () => {
    const { all, calls } = steps({ storedEmail: () => null });
    await expect(finishApplication(all)).resolves.toBe('redirected');
    expect(calls).toEqual(['markCompleted', 'announce', 'wait 1000', 'goToThankYou']);
  });

  it('only logs the error and stays when the completion call fails', async () => {
    const { all, calls } = steps({
      reportCompletion: () => Promise.reject(new Error('500: Internal server error')),
    });
    await expect(finishApplication(all)).resolves.toBe('failed');
    expect(calls).toEqual(['markCompleted', 'error Could not record the completed questionnaire']);
  });
});
