import type { SiteConfig } from '@shared/site-config';

declare const __SITE_CONFIG__: SiteConfig;

/** The public site identity, injected at build time by vite.config.ts. */
export const site: SiteConfig = __SITE_CONFIG__;
