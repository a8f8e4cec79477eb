import type { ConversionFields } from '@shared/schemas/conversion';
import { consentSignal, privacyState } from './consent';

// The Conversions API event and the pixel's Lead of one submission share an id: Meta keeps one.

let lastEventId: string | undefined;

/** The fields to send beside a form's payload; each call is a new submission. */
export function conversionFields(): ConversionFields {
  // randomUUID needs a secure context (https or localhost); without it the server makes one.
  lastEventId = globalThis.crypto?.randomUUID?.();
  return {
    ...(lastEventId ? { eventId: lastEventId } : {}),
    consent: consentSignal(privacyState()),
  };
}

/** The event id of the submission sent last (its Lead follows its success). */
export const submissionEventId = (): string | undefined => lastEventId;
