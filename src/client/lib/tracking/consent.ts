import type { ConsentMode } from '@shared/runtime-config';
import type { ConsentSignal } from '@shared/schemas/conversion';
import { STATUS_ACTIONS } from '@shared/person-status';
import { readRuntimeConfig } from '../runtime-config';
import { toast } from '../toast-store';
import { sendsGlobalPrivacyControl } from './gpc';

// The visitor's tracking choice, in local storage so it outlasts the visit.

export type ConsentChoice = 'granted' | 'denied';
export const CONSENT_STORAGE_KEY = 'trackingConsent';

export interface PrivacyState {
  pixelId: string | null;
  consentMode: ConsentMode;
  /** The browser sends Global Privacy Control. */
  gpc: boolean;
  choice: ConsentChoice | null;
}

/** GPC always wins; `notice` tracks until an opt-out, `opt-in` only after an explicit yes. */
export function pixelAllowed(state: PrivacyState): boolean {
  return Boolean(state.pixelId) && consentSignal(state) === 'granted';
}

/** The consent a form sends for Meta's Conversions API: the pixel's rule. */
export function consentSignal({ consentMode, gpc, choice }: PrivacyState): ConsentSignal {
  if (gpc) return 'gpc';
  const allowed = consentMode === 'notice' ? choice !== 'denied' : choice === 'granted';
  return allowed ? 'granted' : 'denied';
}

/** The banner asks by itself only when there is a pixel to consent to and no answer yet. */
export function consentBannerNeeded(state: PrivacyState): boolean {
  return Boolean(state.pixelId) && !state.gpc && state.consentMode === 'opt-in' && !state.choice;
}

let choice: ConsentChoice | null | undefined;
const listeners = new Set<() => void>();

export function consentChoice(): ConsentChoice | null {
  if (choice === undefined) {
    try {
      const stored = window.localStorage.getItem(CONSENT_STORAGE_KEY);
      choice = stored === 'granted' || stored === 'denied' ? stored : null;
    } catch {
      choice = null; // storage blocked: no remembered choice
    }
  }
  return choice;
}

export function chooseConsent(next: ConsentChoice): void {
  choice = next;
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, next);
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
  // What this browser's forms already sent counts too: the server stops the leads it proves.
  if (next === 'denied') void fetch(STATUS_ACTIONS.optOut, { method: 'POST' }).catch(() => {});
  notify();
}

/** Another tab changed the choice: this one follows. */
export function reloadConsentChoice(): void {
  choice = undefined;
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function privacyState(): PrivacyState {
  const config = readRuntimeConfig();
  return {
    pixelId: config.metaPixelId,
    consentMode: config.consentMode,
    gpc: sendsGlobalPrivacyControl(),
    choice: consentChoice(),
  };
}

// The banner: open while unanswered, or reopened from "Cookie settings", focus returning there.
let bannerOpen: boolean | undefined;
let opener: HTMLElement | null = null;

export function consentBannerOpen(): boolean {
  return (bannerOpen ??= consentBannerNeeded(privacyState()));
}

export const consentBannerOpener = (): HTMLElement | null => opener;

export function openConsentBanner(from: HTMLElement): void {
  opener = from;
  bannerOpen = true;
  notify();
}

export function closeConsentBanner(): void {
  bannerOpen = false;
  opener = null;
  notify();
}

/** The footer's "Do Not Sell or Share My Personal Information": off for this browser, and say so. */
export function optOut(): void {
  chooseConsent('denied');
  toast({
    title: 'Tracking turned off',
    description:
      'This browser no longer shares your visits with Meta for advertising. We saved your choice.',
    variant: 'success',
  });
}
