import * as z from 'zod/mini';
import { landingVariants } from '../enums';

/** A value of at most `max` characters; a bad one is dropped alone, the rest kept. */
const upTo = (max: number) =>
  z.catch(z.optional(z.string().check(z.maxLength(max), z.trim())), undefined);
const short = upTo(200);

/** A lead's source: page, variant, UTM, referrer, fbclid; never required, bad values dropped. */
export const attributionSchema = z.catch(
  z.optional(
    z.object({
      page: short,
      variant: z.catch(z.optional(z.enum(landingVariants)), undefined),
      utmSource: short,
      utmMedium: short,
      utmCampaign: short,
      utmTerm: short,
      utmContent: short,
      referrer: upTo(1000),
      /** The landing URL's Meta click id, as received. */
      fbclid: upTo(500),
    }),
  ),
  undefined,
);

export type Attribution = NonNullable<z.infer<typeof attributionSchema>>;

/** What the server accepts: a form's payload and attribution; unknown keys are dropped. */
export const withAttribution = <Schema extends z.ZodMiniObject>(schema: Schema) =>
  z.extend(schema, { attribution: attributionSchema });
