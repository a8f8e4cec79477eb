import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { parseSiteConfig } from './src/shared/site-config.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  define: {
    // The public site identity (brand, origin, e-mails) is baked in at build time.
    __SITE_CONFIG__: JSON.stringify(parseSiteConfig(process.env)),
    // The copyright year of the pre-rendered pages; the footer moves on to the visitor's year.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  resolve: {
    alias: {
      '@shared': fromRoot('./src/shared'),
      '@client': fromRoot('./src/client'),
      '@server': fromRoot('./src/server'),
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // Every browser we serve supports <link rel="modulepreload"> (Safari since 17); where one
    // does not, the page still loads, its chunks just start a moment later. 0.5 KB on every page.
    // Only the first load's chunks are preloaded, from the page (build.mjs). A dynamic import
    // lets the browser find its chunk's imports: the links Vite inserts for them cost a phone's
    // main thread more than the round trip they save on code that loads after the paint.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // One chunk for the small modules most public pages share (decision 005): split
          // automatically they were a dozen requests of 0.2-0.8 KB each on a landing page.
          groups: [
            {
              name: 'site-ui',
              test: /src\/client\/components\/ui\/(button|section|page-hero|card-grid|floating-button)\.|src\/shared\/claims|src\/client\/lib\/(use-hydrated|session-keys|held-submit)\.|vite\/preload-helper/,
            },
            {
              // What loads a page's form on first use, apart: the pages without a form
              // (/, /about, the legal pages) fetched it with site-ui.
              name: 'form-loader',
              test: /src\/client\/components\/forms\/lazy-forms?\./,
            },
            {
              // The marketing pages' icons, apart: the legal pages use none of them.
              name: 'page-icons',
              test: /lucide-react\/dist\/esm\/icons\/(circle-check|badge-check|wrench|search|handshake|rocket|graduation-cap|arrow-right|trending-up)\./,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}` },
  },
});
