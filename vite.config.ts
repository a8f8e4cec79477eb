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
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}` },
  },
});
