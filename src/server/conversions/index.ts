/*
 * Meta's Conversions API (decision 110), in one place: what a form's request says for its
 * events, the events a lead's facts call for, consent, hashing and sending. The lead context
 * hands it facts through this module; nothing here reads a lead table.
 */
export { conversionsPlugin, type ConversionWorkerSettings } from './conversions-plugin';
export type { SubmissionClient } from './conversion-event';
export { submissionClient, withConversionFields } from './submission-client';
export {
  conversionStates,
  recordFormConversions,
  recordStatusConversion,
  type ConversionContact,
} from './conversion-facts';
