/**
 * How an embedded questionnaire tells the page around it that it was submitted.
 *
 * Fillout's embed puts `fillout-embed-id=<id>` in the iframe URL and the form then posts
 * `{ type: 'form_submit', embedId, submissionUuid }` to the parent window. Typeform's embed
 * posts `{ type: 'form-submit', embedId }`. The built-in questionnaire speaks Fillout's dialect,
 * so /typeform handles a configured Fillout form and the built-in one the same way.
 */
import { EMBED_ID_PARAM } from '@shared/questionnaire-embed';

/** The message the built-in questionnaire posts when its answers are saved. */
const FORM_SUBMIT_MESSAGE = 'form_submit';

/** Message types that mean "submitted": Fillout, Typeform and common variants. */
const SUBMIT_MESSAGE_TYPES = new Set([
  FORM_SUBMIT_MESSAGE,
  'form-submit',
  'form_submitted',
  'formSubmitted',
  'fillout:formSubmitted',
  'fillout_form_submit',
]);

/**
 * Whether a window message's data announces a completed form. An object must carry one of the
 * submit types (and, when it names an embed, ours); a plain string must be one of those types.
 */
export function isFormSubmitMessage(data: unknown, embedId: string): boolean {
  if (typeof data === 'string') return SUBMIT_MESSAGE_TYPES.has(data);
  if (typeof data !== 'object' || data === null) return false;
  const { type, embedId: messageEmbedId } = data as { type?: unknown; embedId?: unknown };
  if (typeof type !== 'string' || !SUBMIT_MESSAGE_TYPES.has(type)) return false;
  return messageEmbedId === undefined || messageEmbedId === embedId;
}

/**
 * Tells the page embedding the questionnaire that it was submitted, the way a Fillout form
 * does. Only our own origin may receive it. Returns false when the page is not embedded.
 */
export function announceSubmission(): boolean {
  if (window.parent === window) return false;
  const embedId = new URLSearchParams(window.location.search).get(EMBED_ID_PARAM) ?? undefined;
  window.parent.postMessage({ type: FORM_SUBMIT_MESSAGE, embedId }, window.location.origin);
  return true;
}
