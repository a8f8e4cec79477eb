import { z } from 'zod';
import { readSettings } from './settings.ts'; // with its extension: vite.config.ts loads this file

export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

/** The site's public identity, by environment variable, baked in at build time: never a secret. */
export const siteSettings = {
  BRAND_NAME: z.string().trim().min(1).default('Talent Bridge'),
  SITE_URL: httpUrl.default('http://localhost:3000').transform((url) => url.replace(/\/+$/, '')),
  CONTACT_EMAIL: z.email().default('hello@talentbridge.example'),
  SUPPORT_EMAIL: z.email().default('support@talentbridge.example'),
};

export const siteConfigOf = (values: z.output<z.ZodObject<typeof siteSettings>>) => ({
  brandName: values.BRAND_NAME,
  siteUrl: values.SITE_URL,
  contactEmail: values.CONTACT_EMAIL,
  supportEmail: values.SUPPORT_EMAIL,
});

export type SiteConfig = ReturnType<typeof siteConfigOf>;

/** The identity from the environment (build time: a change rebuilds); unset or blank: defaults. */
export const parseSiteConfig = (env: Record<string, string | undefined>): SiteConfig =>
  siteConfigOf(readSettings(z.object(siteSettings), env));
