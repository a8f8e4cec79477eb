import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BUILT_IN_QUESTIONNAIRE_PATH, embedSrc } from '@shared/questionnaire-embed';
import { runtimeConfigScript, type RuntimeConfig } from '@shared/runtime-config';
import { acceptWeights } from '../platform/http/accept-weights';
import { escapeHtml } from '@shared/escape-html';

type Encoding = 'br' | 'gzip' | 'identity';

/** One pre-rendered page with this server's run-time config, in each encoding. */
interface Page {
  encoded: Record<Encoding, { body: Buffer; etag: string }>;
  /** Sent with the page, replacing any set before (its own security policy). */
  headers: Readonly<Record<string, string>>;
}

/**
 * Pages are compressed at every start, with this server's run-time config. Quality 11 took 2.5
 * times the CPU of 10 (a second a start here) for 2.6 % fewer bytes (290 on the home page).
 */
const PAGE_BROTLI_QUALITY = 10;

function encode(html: string): Page['encoded'] {
  const identity = Buffer.from(html);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  const variant = (body: Buffer, encoding: Encoding) => ({ body, etag: `"${hash}-${encoding}"` });
  return {
    identity: variant(identity, 'identity'),
    gzip: variant(gzipSync(identity, { level: 9 }), 'gzip'),
    br: variant(
      brotliCompressSync(identity, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      'br',
    ),
  };
}

/** Points the pre-rendered iframe at QUESTIONNAIRE_URL as the browser renders it (hydration). */
export function withQuestionnaire(html: string, questionnaireUrl: string | null): string {
  if (questionnaireUrl === null) return html;
  const builtIn = ` src="${escapeHtml(embedSrc(BUILT_IN_QUESTIONNAIRE_PATH))}"`;
  return html.replaceAll(builtIn, () => ` src="${escapeHtml(embedSrc(questionnaireUrl))}"`);
}

/** A pre-rendered page with the run-time config, read once: a config change needs a restart. */
export async function loadPage(
  pagesDir: string,
  file: string,
  runtime: RuntimeConfig,
  headers: Record<string, string> = {},
): Promise<Page> {
  const html = await readFile(path.join(pagesDir, file), 'utf8');
  return { encoded: encode(withRuntime(html, file, runtime)), headers };
}

/** A page's HTML with the run-time config (and the external questionnaire's address). */
export function withRuntime(html: string, file: string, runtime: RuntimeConfig): string {
  if (!html.includes('</head>')) throw new Error(`${file}: no </head> to add the config to`);
  const withConfig = html.replace('</head>', () => `${runtimeConfigScript(runtime)}</head>`);
  return withQuestionnaire(withConfig, runtime.questionnaireUrl);
}

/** Sends a page as built (`no-cache`, ETag), or `rendered` never cached (may hold input, 090). */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page,
  status = 200,
  rendered?: string,
) {
  const accepted = acceptWeights(request.headers['accept-encoding']);
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  const encoding: Encoding = weight('br') > 0 ? 'br' : weight('gzip') > 0 ? 'gzip' : 'identity';
  reply.headers(page.headers).header('Content-Type', 'text/html; charset=utf-8');
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  if (rendered !== undefined) {
    reply.header('Cache-Control', 'no-store').header('Vary', 'Accept-Encoding, Cookie');
    // A quick setting: this page is made for one response, not once at start-up.
    const body =
      encoding === 'br'
        ? brotliCompressSync(rendered, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } })
        : encoding === 'gzip'
          ? gzipSync(rendered, { level: 6 })
          : rendered;
    return reply.code(status).send(body);
  }
  const { body, etag } = page.encoded[encoding];
  reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').header('ETag', etag);
  if (status === 200 && request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.code(status).send(body);
}
