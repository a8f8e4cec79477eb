export const REDACTED = '[redacted]';

/** An error longer than this is cut first (stored ones keep 500): the search stays cheap. */
const MAX_TEXT = 2000;

/** A run of this many characters of a secret's spellings gives the secret away. */
const FRAGMENT = 12;

/** Characters a token is written with, raw, URL-encoded, JSON-escaped or in base64. */
const TOKEN_CHAR = /[\w\-.~+/%\\]/;
const TOKEN_RUN_AT_END = /[\w\-.~+/%\\=]+$/;

/** Meta's access tokens start with EAA (decision 110); one may be echoed from an old setting. */
const META_TOKEN = /EAA[A-Za-z0-9]{20,}/g;
/** A long token-looking word after "access token" ("Malformed access token <token>"). */
const AFTER_ACCESS_TOKEN = /access[\s_-]?token\W{0,3}?([\w\-.~+/%]{16,}=*)/gi;

/** base64 (and base64url) of `secret` as it reads at each of the 3 offsets in a longer text. */
function base64Spellings(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  return [0, 1, 2].flatMap((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Characters that also carry bits of what stands before or after are dropped.
    const start = Math.ceil((offset * 8) / 6);
    const end = Math.floor(((offset + bytes.length) * 8) / 6);
    const inner = encoded.slice(start, end);
    return [inner, inner.replaceAll('+', '-').replaceAll('/', '_')];
  });
}

/** The ways a secret may be written in an answer: raw, URL-encoded, JSON-escaped, base64. */
function spellingsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const spellings = [
    secret,
    encodeURIComponent(secret),
    json,
    json.replaceAll('/', '\\/'),
    ...base64Spellings(secret),
  ];
  return [...new Set(spellings)].filter((spelling) => spelling.length > 0);
}

/** [start, end) of each place in `text` where `needle` stands, widened to the whole word. */
function placesOf(text: string, needle: string): [number, number][] {
  const places: [number, number][] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    let start = at;
    let end = at + needle.length;
    while (start > 0 && TOKEN_CHAR.test(text[start - 1]!)) start--;
    while (end < text.length && TOKEN_CHAR.test(text[end]!)) end++;
    places.push([start, end]);
  }
  return places;
}

/** Cuts the given spans out of `text`; overlapping or touching ones leave one mark. */
function cut(text: string, spans: [number, number][]): string {
  const hidden = new Uint8Array(text.length);
  for (const [start, end] of spans) hidden.fill(1, start, end);
  let result = '';
  for (let i = 0; i < text.length; i++) {
    if (!hidden[i]) result += text[i];
    else if (!hidden[i - 1]) result += REDACTED;
  }
  return result;
}

/**
 * `whole` (an error to store or log) without `secrets`, however Meta or a library echoed them:
 * raw, URL-encoded, JSON-escaped or in base64, whole, cut short or altered (any run of 12 of
 * their characters), nor anything shaped like a Meta access token.
 */
export function redactSecrets(whole: string, secrets: readonly string[] = []): string {
  // The word the cut falls in goes too: it may be the start of a token.
  const text =
    whole.length > MAX_TEXT ? `${whole.slice(0, MAX_TEXT).replace(TOKEN_RUN_AT_END, '')}…` : whole;
  const spans: [number, number][] = [];
  for (const secret of secrets) {
    for (const spelling of spellingsOf(secret)) {
      const length = Math.min(FRAGMENT, spelling.length);
      for (let i = 0; i + length <= spelling.length; i++) {
        spans.push(...placesOf(text, spelling.slice(i, i + length)));
      }
    }
  }
  for (const match of text.matchAll(META_TOKEN)) {
    spans.push([match.index, match.index + match[0].length]);
  }
  for (const match of text.matchAll(AFTER_ACCESS_TOKEN)) {
    const end = match.index + match[0].length;
    spans.push([end - match[1]!.length, end]);
  }
  return cut(text, spans);
}

/** What `error` says: an Error's message, anything else as text. */
export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/** `error` as an Error whose message is cut of `secrets` (what a call to another service throws). */
export function withoutSecrets(error: unknown, secrets: readonly string[]): Error {
  return new Error(redactSecrets(messageOf(error), secrets));
}
