import { z } from 'zod';

/** The site's public identity, baked in at build time: never a secret here. */
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

/** Each identity setting's environment variable (build time: a change rebuilds). */
const settingNames = {
  brandName: 'BRAND_NAME',
  siteUrl: 'SITE_URL',
  contactEmail: 'CONTACT_EMAIL',
  supportEmail: 'SUPPORT_EMAIL',
} as const satisfies Record<keyof SiteConfig, string>;
export const SITE_SETTING_NAMES = Object.values(settingNames);

/** Maps environment variables onto the site config; unset or empty values fall back to defaults. */
export function parseSiteConfig(env: Record<string, string | undefined>): SiteConfig {
  const pick = (name: string) => (env[name]?.trim() ? env[name] : undefined);
  return siteConfigSchema.parse(
    Object.fromEntries(Object.entries(settingNames).map(([key, name]) => [key, pick(name)])),
  );
}
