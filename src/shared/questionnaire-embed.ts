export const BUILT_IN_QUESTIONNAIRE_PATH = '/questionnaire';

/** Fillout's query parameter that names an embed in the messages the form posts. */
export const EMBED_ID_PARAM = 'fillout-embed-id';

export const QUESTIONNAIRE_EMBED_ID = 'application';

/** The URL with the embed id (for the completion message); the client and the server match. */
export function embedSrc(url: string, embedId: string = QUESTIONNAIRE_EMBED_ID): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}${EMBED_ID_PARAM}=${encodeURIComponent(embedId)}${hash}`;
}
