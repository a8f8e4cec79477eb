// Production build: client bundle, pre-rendered pages, pre-compressed files, server bundle.
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { newBuildDir, switchBuild } from './build-dir.mjs';
import { currentFingerprint, root, STAMP_FILE_NAME } from './build-stamp.mjs';
import { bundleServer } from './server-bundle.mjs';

/** The parts of a build in `dir` (a new directory, made `dist` once complete: build-dir.mjs). */
const buildPaths = (dir) => ({
  dir,
  clientDir: path.join(dir, 'client'),
  ssrDir: path.join(dir, 'ssr'),
  pagesDir: path.join(dir, 'pages'),
  /** Each page without its body, for the server to render a form's state into (decision 090). */
  shellsDir: path.join(dir, 'shells'),
});
const COMPRESSIBLE = /\.(html|js|css|svg|json|txt|xml|webmanifest)$/;

const log = (message) => console.log(`[build] ${message}`);

/** File name of the pre-rendered HTML for a route: / -> index.html, /about -> about.html. */
/** '/admin/invite' -> 'admin-invite.html': every page in one folder. */
const pageFile = (route) =>
  route === '/' ? 'index.html' : `${route.slice(1).replaceAll('/', '-')}.html`;

/** The stylesheet, inlined: one small file, and no render-blocking request before the first paint. */
async function inlineStylesheet({ clientDir }, template) {
  const link = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(template);
  if (!link) throw new Error('No stylesheet link in the built index.html');
  const css = await readFile(path.join(clientDir, link[1]), 'utf8');
  // The disabled link is never fetched: it tells Vite's loader that the page has this stylesheet
  // already, so a lazy chunk that lists it (a form) does not fetch and apply it a second time.
  return template.replace(
    link[0],
    () =>
      `<style>${css.replaceAll('</style', '<\\/style')}</style>` +
      `<link rel="stylesheet" href="/${link[1]}" disabled>`,
  );
}

/** src/client/page-boot.ts as one minified inline script. */
async function pageBootScript() {
  const { outputFiles } = await esbuild({
    entryPoints: [path.join(root, 'src/client/page-boot.ts')],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2022',
    logLevel: 'warning',
  });
  return outputFiles[0].text.trim();
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A public page's template (docs/decisions/164): no script or modulepreload in the head, so
 * nothing is fetched before the first paint; the inline boot script after #root loads the
 * entry (and its preloads) after that paint or at the first interaction.
 */
function publicTemplate(template, bootScript) {
  const entry = ENTRY_SCRIPT.exec(template);
  if (!entry) throw new Error('No entry script in the built index.html');
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const boot = `<script data-entry="${entry[1]}" data-preload="${preloads.join(' ')}">${bootScript}</script>`;
  return template
    .replace(entry[0], '')
    .replaceAll(MODULE_PRELOAD, '')
    .replace('<!--app-html--></div>', () => `<!--app-html--></div>\n    ${boot}`);
}

/** The admin area keeps Vite's tags: its code is the page, and it is nobody's landing page. */
const isAdmin = (route) => /^\/admin(\/|$)/.test(route);

const ADMIN_PAGE = 'src/client/features/admin/admin-page.tsx';

/**
 * The admin pages link the admin area's own stylesheet (features/admin/admin.css), which the
 * public pages' inline sheet leaves out, so they paint styled before their code loads. Read from
 * Vite's manifest, which is then removed: it is not for the browser.
 */
async function withAdminStylesheet({ clientDir }, template) {
  const manifestDir = path.join(clientDir, '.vite');
  const manifest = JSON.parse(await readFile(path.join(manifestDir, 'manifest.json'), 'utf8'));
  await rm(manifestDir, { recursive: true });
  const sheets = new Set();
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    // The entry's sheet is the one already inlined.
    if (seen.has(key) || chunk.isEntry) return;
    seen.add(key);
    for (const css of chunk.css ?? []) sheets.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(ADMIN_PAGE);
  if (sheets.size === 0) throw new Error(`No stylesheet for ${ADMIN_PAGE} in Vite's manifest`);
  const links = [...sheets].map((css) => `<link rel="stylesheet" href="/${css}">`).join('');
  return template.replace('</head>', () => `${links}</head>`);
}

const cspHash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Data blocks (run-time config, JSON-LD) are never executed: no CSP source needed. */
const DATA_SCRIPT = /\btype="application\/(?:ld\+)?json"/;

/**
 * CSP hash sources of the inline executable scripts and <style> elements of the pages, so the
 * policy needs no 'unsafe-inline' for them (src/server/platform/http/content-security-policy.ts).
 */
function inlineHashes(htmlPages) {
  const scripts = new Set();
  const styles = new Set();
  for (const html of htmlPages) {
    for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      if (/\bsrc=/.test(attributes) || DATA_SCRIPT.test(attributes)) continue;
      scripts.add(cspHash(text));
    }
    for (const [, text] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi))
      styles.add(cspHash(text));
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}

/** sitemap.xml: every indexable route. */
const sitemap = (site, routes) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${routes
    .map((route) => `  <url><loc>${site.siteUrl}${route.path}</loc></url>`)
    .join('\n')}\n</urlset>\n`;

/** robots.txt: every other route disallowed (they also carry robots noindex), and the sitemap. */
const robots = (site, hidden) =>
  `User-agent: *\n${hidden.map((route) => `Disallow: ${route.path}\n`).join('')}Allow: /\n\nSitemap: ${site.siteUrl}/sitemap.xml\n`;

async function prerender(out) {
  const { dir, clientDir, ssrDir, pagesDir, shellsDir } = out;
  const siteTemplate = await inlineStylesheet(
    out,
    await readFile(path.join(clientDir, 'index.html'), 'utf8'),
  );
  const template = publicTemplate(siteTemplate, await pageBootScript());
  const adminTemplate = await withAdminStylesheet(out, siteTemplate);
  await rm(path.join(clientDir, 'index.html'));
  const entry = await import(path.join(ssrDir, 'entry-server.js'));
  const site = entry.siteConfig;
  const pages = {};
  const written = [];
  await mkdir(pagesDir, { recursive: true });
  await mkdir(shellsDir, { recursive: true });
  const write = async (route, file) => {
    const body = await entry.render(route);
    // Replacer functions: a "$&" or "$'" in the page text must not be read as a pattern.
    const shell = (isAdmin(route) ? adminTemplate : template).replace('<!--app-head-->', () =>
      entry.pageHead(route, site),
    );
    const html = shell.replace('<!--app-html-->', () => body);
    await writeFile(path.join(pagesDir, file), html);
    await writeFile(path.join(shellsDir, file), shell);
    written.push(html);
  };
  for (const { path: route } of entry.routeMeta) {
    pages[route] = pageFile(route);
    await write(route, pages[route]);
  }
  await write('/404', '404.html');

  const indexable = entry.routeMeta.filter((route) => route.indexable);
  const hidden = entry.routeMeta.filter((route) => !route.indexable);
  await writeFile(path.join(clientDir, 'sitemap.xml'), sitemap(site, indexable));
  await writeFile(path.join(clientDir, 'robots.txt'), robots(site, hidden));
  await writeFile(
    path.join(dir, 'pages.json'),
    JSON.stringify(
      { pages, notFound: '404.html', inlineHashes: inlineHashes(written), siteUrl: site.siteUrl },
      null,
      2,
    ),
  );
  log(`pre-rendered ${Object.keys(pages).length} routes and the not-found page`);
}

async function listFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function precompress({ clientDir, pagesDir }) {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  const files = [...(await listFiles(clientDir)), ...(await listFiles(pagesDir))].filter((file) =>
    COMPRESSIBLE.test(file),
  );
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      await writeFile(
        `${file}.br`,
        await br(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      await writeFile(`${file}.gz`, await gz(content, { level: 9 }));
    }),
  );
  log(`pre-compressed ${files.length} files (brotli, gzip)`);
}

async function buildServer({ dir }) {
  await bundleServer(path.join(dir, 'server/main.js'));
  log('bundled the server');
}

export async function build() {
  const started = Date.now();
  const out = buildPaths(await newBuildDir(root));
  try {
    await viteBuild({ root, logLevel: 'warn', build: { outDir: out.clientDir, manifest: true } });
    log('built the client');
    await viteBuild({
      root,
      logLevel: 'warn',
      build: { ssr: 'src/client/entry-server.tsx', outDir: out.ssrDir, emptyOutDir: true },
    });
    await prerender(out);
    await precompress(out);
    await buildServer(out);
    await writeFile(
      path.join(out.dir, STAMP_FILE_NAME),
      JSON.stringify({ fingerprint: currentFingerprint(), builtAt: new Date().toISOString() }),
    );
  } catch (error) {
    await rm(out.dir, { recursive: true, force: true });
    throw error;
  }
  await switchBuild(root, out.dir);
  log(
    `done in ${((Date.now() - started) / 1000).toFixed(1)} s: dist -> ${path.relative(root, out.dir)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  build().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
