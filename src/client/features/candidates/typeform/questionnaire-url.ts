import { EMBED_ID_PARAM } from '../questionnaire/embed-protocol';

/** The built-in questionnaire (QuestionnairePage), served by our own site. */
export const BUILT_IN_QUESTIONNAIRE_PATH = '/questionnaire';

/** Names our one embed in the messages it posts (Fillout's embed id). */
export const QUESTIONNAIRE_EMBED_ID = 'application';

/**
 * The questionnaire /typeform embeds. Today always the built-in one; when an external Fillout
 * or Typeform URL becomes configurable at run time, this is the one place that reads it.
 */
export function questionnaireUrl(): string {
  return BUILT_IN_QUESTIONNAIRE_PATH;
}

/**
 * The iframe address: the questionnaire URL with the embed id added (so a Fillout form, like
 * the built-in one, posts its completion message). Pure string work, so the pre-rendered HTML
 * and the browser produce the same attribute.
 */
export function embedSrc(url: string, embedId: string = QUESTIONNAIRE_EMBED_ID): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}${EMBED_ID_PARAM}=${encodeURIComponent(embedId)}${hash}`;
}
