import { z } from 'zod';
import { landingVariants } from '../enums';

const short = z.string().trim().max(200).optional();

/**
 * Where a lead came from: the page that captured it, the landing variant, the UTM
 * parameters and referrer of the visit. Sent beside every form payload as `attribution`.
 * Never required, and a malformed value is dropped rather than failing the lead.
 */
export const attributionSchema = z
  .object({
    page: short,
    variant: z.enum(landingVariants).optional(),
    utmSource: short,
    utmMedium: short,
    utmCampaign: short,
    utmTerm: short,
    utmContent: short,
    referrer: z.string().trim().max(1000).optional(),
  })
  .optional()
  .catch(undefined);

export type Attribution = NonNullable<z.infer<typeof attributionSchema>>;
