import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pageStateScript, type ContactType, type PageState } from '@shared/page-state';
import { statusHeading, type StatusView } from '@shared/person-status';
import type { RuntimeConfig } from '@shared/runtime-config';
import { statusApi, type FormHandoff, type StatusPage } from '../leads';
import { pageHeaders, pageRuntime, type InlineHashes } from './page-policy';
import { loadPage, sendPage, withRuntime } from './page-set';

interface StaticSiteOptions {
  /** The built client: pre-rendered pages, hashed assets and their .br/.gz twins. */
  clientDir: string;
  runtime: RuntimeConfig;
  /** A form posted without JavaScript: its messages, confirmation or prefill. */
  formHandoff: FormHandoff;
  /** /status: opened by a link, rendered for the person its proof names. */
  statusPage: StatusPage;
  /** SITE_URL now: the build's own is baked into the pages (canonical links, share cards). */
  siteUrl: string;
  /** Other capabilities' pages rendered for the request (/book): their state, if any. */
  pageStates?: Record<string, (request: FastifyRequest) => Promise<PageState | undefined>>;
}

/** Written by scripts/build.mjs: route path -> pre-rendered HTML file. */
interface PagesManifest {
  pages: Record<string, string>;
  notFound: string;
  /** CSP hash sources of the pages' inline scripts and style elements. */
  inlineHashes: InlineHashes;
  /** The SITE_URL the pages were built with (absent from builds before it was recorded). */
  siteUrl?: string;
}

/** The build, resolved once: the next build switches the `dist` link, never this server's files. */
async function findBuild(clientDir: string) {
  try {
    const resolved = await realpath(clientDir);
    const buildDir = path.dirname(resolved);
    const json = await readFile(path.join(buildDir, 'pages.json'), 'utf8');
    const manifest = JSON.parse(json) as PagesManifest;
    return { clientDir: resolved, buildDir, manifest };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves the pre-rendered pages from memory, and /assets/ (hashed) cached for a year. */
export const sitePlugin = fp<StaticSiteOptions>(
  async (app, { runtime, formHandoff, statusPage, siteUrl, pageStates = {}, ...options }) => {
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
    // The env file edited and the instances restarted without a rebuild: the pages keep the
    // old address while cookies and mail links take the new one. Said, not refused.
    const built = manifest.siteUrl;
    if (built !== undefined && built !== siteUrl) {
      app.log.warn(
        `the pages were built with SITE_URL ${built} but SITE_URL is ${siteUrl}: canonical ` +
          'links, the sitemap and share cards keep the old address until a rebuild with this ' +
          'environment (npm run build, or npm start), then a restart',
      );
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
        const asset = path.relative(clientDir, filePath).startsWith(`assets${path.sep}`);
        reply.header('Cache-Control', asset ? IMMUTABLE : 'no-cache');
      },
    });

    // Pre-rendered pages live outside the static root, so they are reachable only by route.
    const pagesDir = path.join(buildDir, 'pages');
    for (const [route, file] of Object.entries(manifest.pages)) {
      const headers = pageHeaders(route, runtime, manifest.inlineHashes);
      const page = await loadPage(pagesDir, file, pageRuntime(route, runtime), headers);
      const render = pageRenderer(buildDir, pageRuntime(route, runtime), route, file);
      app.get(route, async (request, reply) => {
        const landing = formHandoff.landingCookie(request);
        if (landing) reply.header('Set-Cookie', landing);
        // Something to show from a form posted without JavaScript: rendered for this request.
        const status =
          route === statusApi.STATUS_PATH ? await statusPage.answer(request) : undefined;
        if (status && 'redirect' in status) {
          return reply
            .header('Set-Cookie', status.cookies)
            .header('Cache-Control', 'no-store')
            .redirect(status.redirect, 303);
        }
        const own = await pageStates[route]?.(request);
        const found = await requestPageState(request, route, formHandoff, status?.view, own);
        if (!found) return sendPage(request, reply, page);
        const html = await render(found.state);
        if (found.cookies.length > 0) reply.header('Set-Cookie', found.cookies);
        return sendPage(request, reply, page, 200, html);
      });
      if (route !== '/') app.get(`${route}/`, (_request, reply) => reply.redirect(route, 301));
    }
    const notFoundHeaders = pageHeaders(null, runtime, manifest.inlineHashes);
    const notFoundPage = await loadPage(pagesDir, manifest.notFound, runtime, notFoundHeaders);

    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith('/api/') || request.method !== 'GET') {
        return reply.code(404).send({ error: 'Not found' });
      }
      return sendPage(request, reply, notFoundPage, 404);
    });
  },
);

const CONTACT_TYPES: readonly string[] = ['candidate', 'employer'] satisfies ContactType[];

/** /contact's query string: `userType` picks the tab, `showForm=true` opens the candidate one. */
function contactType(request: FastifyRequest): ContactType | undefined {
  const query = request.query as Record<string, unknown>;
  if (CONTACT_TYPES.includes(query.userType as string)) return query.userType as ContactType;
  return query.showForm === 'true' ? 'candidate' : undefined;
}

/** A form's flash, the prefill, /contact's tab for this request; undefined: the page as built. */
async function requestPageState(
  request: FastifyRequest,
  route: string,
  handoff: FormHandoff,
  /** /status: what it shows this person (an erasure's flash says more). */
  status?: StatusView,
  /** A capability's page (/book): what it shows this person. */
  own?: PageState,
): Promise<{ state: PageState; cookies: string[] } | undefined> {
  const state: PageState = { ...own };
  const cookies: string[] = [];
  const flash = await handoff.take(request, route);
  if (flash) {
    Object.assign(state, flash.state);
    cookies.push(flash.clear);
  }
  const prefill = handoff.prefill(request);
  if (prefill) state.prefill = prefill;
  if (status && !state.status) state.status = status;
  const type = route === '/contact' ? contactType(request) : undefined;
  if (type) state.contactType = type;
  return Object.keys(state).length > 0 ? { state, cookies } : undefined;
}

/** What the SSR bundle (dist/ssr/entry-server.js, src/client/entry-server.tsx) exports. */
interface ServerEntry {
  render(pathname: string, state?: PageState): Promise<string>;
}

/** States that say nothing about a visitor (/contact?userType=...) render once, then repeat. */
const isAnonymous = (state: PageState) =>
  state.form === undefined &&
  state.prefill === undefined &&
  state.status?.kind !== 'leads' &&
  state.booking === undefined;

/** `load()` once per key; a failure is not kept: the next request tries again. */
function once<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let loaded = cache.get(key);
  if (!loaded) {
    loaded = load();
    loaded.catch(() => cache.delete(key));
    cache.set(key, loaded);
  }
  return loaded;
}

/** `route`'s page with a form's state (decision 090); a failure rejects for the request's 500. */
function pageRenderer(buildDir: string, runtime: RuntimeConfig, route: string, file: string) {
  const entries = new Map<string, Promise<ServerEntry>>();
  const shells = new Map<string, Promise<string>>();
  const anonymous = new Map<string, Promise<string>>();

  const entryFile = path.join(buildDir, 'ssr', 'entry-server.js');
  const entry = () => once(entries, entryFile, () => import(pathToFileURL(entryFile).href));
  const shell = () =>
    once(shells, file, async () =>
      withRuntime(await readFile(path.join(buildDir, 'shells', file), 'utf8'), file, runtime),
    );

  const render = async (state: PageState) => {
    // Both awaited together: neither rejects unwatched while the other is pending.
    const [html, ssr] = await Promise.all([shell(), entry()]);
    const body = await ssr.render(route, state);
    // /status's tab says its heading, which names what the person's leads are.
    return html
      .replace('</head>', () => `${pageStateScript(state)}</head>`)
      .replace('<!--app-html-->', () => body)
      .replace(`<title>${statusHeading()}`, () => `<title>${statusHeading(state.status)}`);
  };

  return (state: PageState): Promise<string> =>
    isAnonymous(state)
      ? once(anonymous, JSON.stringify(state), () => render(state))
      : render(state);
}
