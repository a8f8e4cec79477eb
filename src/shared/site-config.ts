import { z } from 'zod';

/** The site's public identity, baked in at build time (decision 147): never a secret here. */
export const siteConfigSchema = z.object({
  brandName: z.string().trim().min(1).default('Talent Bridge'),
  siteUrl: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, '')),
  contactEmail: z.email().default('hello@talentbridge.example'),
  supportEmail: z.email().default('support@talentbridge.example'),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** The environment variables of the site's identity (build time: a change rebuilds). */
export const SITE_SETTING_NAMES = [
  'BRAND_NAME',
  'SITE_URL',
  'CONTACT_EMAIL',
  'SUPPORT_EMAIL',
] as const;

/** Maps environment variables onto the site config; unset or empty values fall back to defaults. */
export function parseSiteConfig(env: Record<string, string | undefined>): SiteConfig {
  const pick = (name: string) => (env[name]?.trim() ? env[name] : undefined);
  return siteConfigSchema.parse({
    brandName: pick('BRAND_NAME'),
    siteUrl: pick('SITE_URL'),
    contactEmail: pick('CONTACT_EMAIL'),
    supportEmail: pick('SUPPORT_EMAIL'),
  });
}
