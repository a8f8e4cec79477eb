/**
 * The iframe address of the questionnaire /typeform embeds. Shared because two sides must
 * write the same attribute: the client when it renders /typeform, and the server when it puts
 * a configured external questionnaire into the pre-rendered /typeform page at start-up (so
 * hydration finds what it would render itself; src/server/site/page-set.ts).
 */

/** The built-in questionnaire (QuestionnairePage), served by our own site. */
export const BUILT_IN_QUESTIONNAIRE_PATH = '/questionnaire';

/** Fillout's query parameter that names an embed in the messages the form posts. */
export const EMBED_ID_PARAM = 'fillout-embed-id';

/** Names our one embed in the messages it posts (Fillout's embed id). */
export const QUESTIONNAIRE_EMBED_ID = 'application';

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
