/* Meta's Conversions API (decision 110); it reads no lead table. */
export { conversionsPlugin } from './conversions-plugin';
export type { ConversionContact } from './conversion-event';
export { submissionClient, withConversionFields, type SubmissionClient } from './submission-client';
export {
  conversionStates,
  isStatusEvent,
  recordCallConversion,
  recordFormConversions,
  recordStatusConversion,
} from './conversion-facts';
