import { timings } from '@shared/claims';

// Completion of /typeform's embedded questionnaire (spec 4), free of React to be tested alone.

/** Words in the iframe's URL that mean the form shows its end screen. */
const COMPLETION_URL = /success|complete|thank/i;

/** Class names the end screens of form tools (and the built-in questionnaire) carry. */
export const COMPLETION_SELECTOR = [
  '.form-complete',
  '.form-completed',
  '.form-submitted',
  '.submission-complete',
  '.thank-you',
  '.thankyou',
].join(', ');

/** Whether the address shown in the iframe is an end screen; the host name does not count. */
export function urlShowsCompletion(href: string): boolean {
  try {
    const url = new URL(href);
    return COMPLETION_URL.test(url.pathname + url.search + url.hash);
  } catch {
    return false;
  }
}

export function documentShowsCompletion(doc: Pick<Document, 'querySelector'>): boolean {
  return doc.querySelector(COMPLETION_SELECTOR) !== null;
}

/** What the 2 s poll sees of a same-origin frame; a cross-origin one throws: nothing to see. */
export function frameShowsCompletion(frame: HTMLIFrameElement | null): boolean {
  try {
    const view = frame?.contentWindow;
    return Boolean(
      view && (urlShowsCompletion(view.location.href) || documentShowsCompletion(view.document)),
    );
  } catch {
    return false;
  }
}

export interface CompletionSteps {
  markCompleted: () => void;
  storedEmail: () => string | null;
  /** POST /api/candidates/typeform-completed; rejects on failure. */
  reportCompletion: (email: string) => Promise<unknown>;
  announce: () => void;
  goToThankYou: () => void;
  wait: (ms: number) => Promise<void>;
  logError: (message: string, error: unknown) => void;
}

/** The session flag, the call (with a stored e-mail), the toast, 1 s later /thank-you. */
export async function finishApplication(steps: CompletionSteps): Promise<'redirected' | 'failed'> {
  steps.markCompleted();
  const email = steps.storedEmail();
  if (email) {
    try {
      await steps.reportCompletion(email);
    } catch (error) {
      steps.logError('Could not record the completed questionnaire', error);
      return 'failed';
    }
  }
  steps.announce();
  await steps.wait(timings.completionRedirectDelayMs);
  steps.goToThankYou();
  return 'redirected';
}
