import { timings } from '@shared/claims';
import { toast } from '../toast-store';
import { chooseConsent, openConsentBanner } from './consent';

/** What the footer's privacy control does, loaded on its first click (not on every page). */

/** "Do Not Sell or Share My Personal Information": off for this browser, and say so. */
export function optOut(): void {
  chooseConsent('denied');
  toast({
    title: 'Tracking turned off',
    description:
      'This browser no longer shares your visits with Meta for advertising. We saved your choice.',
    variant: 'success',
    duration: timings.toastDefaultDurationMs,
  });
}

export { openConsentBanner };
