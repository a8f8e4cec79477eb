import { EMBED_ID_PARAM, FORM_SUBMIT_MESSAGE, type FormSubmitMessage } from './embed-protocol';

/**
 * Tells the page embedding the questionnaire that it was submitted, the way a Fillout form
 * does. Only our own origin may receive it. Returns false when the page is not embedded.
 */
export function announceSubmission(): boolean {
  if (window.parent === window) return false;
  const embedId = new URLSearchParams(window.location.search).get(EMBED_ID_PARAM) ?? undefined;
  const message: FormSubmitMessage = { type: FORM_SUBMIT_MESSAGE, embedId };
  window.parent.postMessage(message, window.location.origin);
  return true;
}
