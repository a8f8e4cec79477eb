import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { RuntimeConfig } from '@shared/runtime-config';
import { STATUS_PATH, type FormHandoff, type StatusPage } from '../leads';
import type { InlineHashes } from './page-policy';
import { pageHeaders, pageRuntime } from '../site/page-headers';
import { pageRenderer } from './page-renderer';
import { loadPage, sendPage, sendRendered } from '../site/page-set';
import { requestPageState } from './request-page-state';

export interface StaticSiteOptions {
  /** The built client: pre-rendered pages, hashed assets and their .br/.gz twins. */
  clientDir: string;
  runtime: RuntimeConfig;
  /** A form posted without JavaScript: its messages, confirmation or prefill. */
  formHandoff: FormHandoff;
  /** /status: opened by a link, rendered for the person its proof names (issue 21). */
  statusPage: StatusPage;
}

/** Written by scripts/build.mjs: route path -> pre-rendered HTML file. */
interface PagesManifest {
  pages: Record<string, string>;
  notFound: string;
  /** CSP hash sources of the pages' inline scripts and style elements. */
  inlineHashes: InlineHashes;
}

/** The build, resolved once: the next build switches the `dist` link, never this server's files. */
async function findBuild(
  clientDir: string,
): Promise<{ clientDir: string; buildDir: string; manifest: PagesManifest } | undefined> {
  try {
    const resolved = await realpath(clientDir);
    const buildDir = path.dirname(resolved);
    const manifest = JSON.parse(await readFile(path.join(buildDir, 'pages.json'), 'utf8'));
    return { clientDir: resolved, buildDir, manifest };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves the pre-rendered pages from memory, and /assets/ (hashed) cached for a year. */
export const sitePlugin = fp<StaticSiteOptions>(
  async (app, { runtime, formHandoff, statusPage, ...options }) => {
    const build = await findBuild(options.clientDir);
    if (!build) {
      // `npm run dev` (Vite serves the pages) and API tests run without a client build.
      app.log.warn({ clientDir: options.clientDir }, 'no client build found: serving the API only');
      return;
    }
    const { clientDir, buildDir, manifest } = build;
    if (!manifest.inlineHashes) {
      throw new Error('dist/pages.json has no inlineHashes (an older build): run npm run build');
    }

    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      wildcard: true,
      index: false,
      redirect: false,
      cacheControl: false,
      dotfiles: 'deny',
      setHeaders(reply, filePath) {
        const relative = path.relative(clientDir, filePath);
        reply.header(
          'Cache-Control',
          relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache',
        );
      },
    });

    // Pre-rendered pages live outside the static root, so they are reachable only by route.
    const pagesDir = path.join(buildDir, 'pages');
    for (const [route, file] of Object.entries(manifest.pages)) {
      const headers = pageHeaders(route, runtime, manifest.inlineHashes);
      const page = await loadPage(pagesDir, file, pageRuntime(route, runtime), headers);
      const render = pageRenderer(buildDir, pageRuntime(route, runtime));
      app.get(route, async (request, reply) => {
        // Something to show from a form posted without JavaScript: rendered for this request.
        const status = route === STATUS_PATH ? await statusPage.answer(request) : undefined;
        if (status && 'redirect' in status) {
          return reply
            .code(303)
            .header('Set-Cookie', status.cookies)
            .header('Location', status.redirect)
            .header('Cache-Control', 'no-store')
            .send();
        }
        const found = await requestPageState(request, route, formHandoff, status?.view);
        if (!found) return sendPage(request, reply, page);
        const html = await render(route, file, found.state);
        if (found.cookies.length > 0) reply.header('Set-Cookie', found.cookies);
        return sendRendered(request, reply, page, html);
      });
      if (route !== '/') app.get(`${route}/`, (_request, reply) => reply.redirect(route, 301));
    }
    const notFoundPage = await loadPage(
      pagesDir,
      manifest.notFound,
      runtime,
      pageHeaders(null, runtime, manifest.inlineHashes),
    );

    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith('/api/') || request.method !== 'GET') {
        return reply.code(404).send({ error: 'Not found' });
      }
      return sendPage(request, reply, notFoundPage, 404);
    });
  },
);
