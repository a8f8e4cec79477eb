// How an embedded questionnaire says it was submitted; the built-in one speaks Fillout's dialect.
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

/** Whether a message announces a completed form (ours, when it names an embed). */
export function isFormSubmitMessage(data: unknown, embedId: string): boolean {
  if (typeof data === 'string') return SUBMIT_MESSAGE_TYPES.has(data);
  if (typeof data !== 'object' || data === null) return false;
  const { type, embedId: messageEmbedId } = data as { type?: unknown; embedId?: unknown };
  if (typeof type !== 'string' || !SUBMIT_MESSAGE_TYPES.has(type)) return false;
  return messageEmbedId === undefined || messageEmbedId === embedId;
}

/** Tells the embedding page (our origin only) as Fillout does; false when not embedded. */
export function announceSubmission(): boolean {
  if (window.parent === window) return false;
  const embedId = new URLSearchParams(window.location.search).get(EMBED_ID_PARAM) ?? undefined;
  window.parent.postMessage({ type: FORM_SUBMIT_MESSAGE, embedId }, window.location.origin);
  return true;
}
