import * as z from 'zod/mini';

// Beside the payload for Meta's Conversions API: the pixel's event id and the
// tracking state. Bad values are dropped, never a 400: the lead matters more.
export const consentSignals = ['granted', 'denied', 'gpc'] as const;
export type ConsentSignal = (typeof consentSignals)[number];

export const conversionFieldsSchema = z.object({
  /** crypto.randomUUID() in the browser; letters, digits and dashes, 8 to 64 of them. */
  eventId: z.catch(z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/))), undefined),
  /** granted: tracking allowed; denied: opted out or not (yet) accepted; gpc: the browser's GPC. */
  consent: z.catch(z.optional(z.enum(consentSignals)), undefined),
});

export type ConversionFields = z.infer<typeof conversionFieldsSchema>;
