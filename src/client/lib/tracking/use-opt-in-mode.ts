import { useClientValue } from '../use-hydrated';
import { readRuntimeConfig } from '../runtime-config';

const optIn = () => readRuntimeConfig().consentMode === 'opt-in';
// The pages are pre-rendered without the run-time settings, so in the default mode (notice);
// hydration renders that first and switches right after, with no mismatch.
const prerendered = () => false;

/** True when the server runs with CONSENT_MODE=opt-in (consent banner, "Cookie settings"). */
export const useOptInMode = (): boolean => useClientValue(optIn, prerendered);
