import * as z from 'zod/mini';
import { landingVariants } from '../enums';

const short = z.optional(z.string().check(z.maxLength(200), z.trim()));

/** A lead's source: page, variant, UTM, referrer, fbclid; never required, bad values dropped. */
export const attributionSchema = z.catch(
  z.optional(
    z.object({
      page: short,
      variant: z.optional(z.enum(landingVariants)),
      utmSource: short,
      utmMedium: short,
      utmCampaign: short,
      utmTerm: short,
      utmContent: short,
      referrer: z.optional(z.string().check(z.maxLength(1000), z.trim())),
      /** The landing URL's Meta click id, as received. */
      fbclid: z.optional(z.string().check(z.maxLength(500), z.trim())),
    }),
  ),
  undefined,
);

export type Attribution = NonNullable<z.infer<typeof attributionSchema>>;

/** What the server accepts: a form's payload and attribution; unknown keys are dropped. */
export const withAttribution = <Schema extends z.ZodMiniObject>(schema: Schema) =>
  z.extend(schema, { attribution: attributionSchema });
