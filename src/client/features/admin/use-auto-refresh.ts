import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { timings } from '@shared/claims';
import { refreshLeads } from './api/leads';

/**
 * After this long without a key, click or touch nobody is watching: the auto-refresh pauses,
 * so an unattended dashboard lets the server end its session after 30 minutes idle (the
 * refresh requests would otherwise keep it alive for ever). The next action refreshes at once.
 */
export const AUTO_REFRESH_IDLE_PAUSE_MS = 5 * 60_000;

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/**
 * Spec section 4: data refreshes every 30 s while signed in; only what is on screen (see
 * refreshLeads), not while the page is in a background tab, not while nobody is there.
 */
export function useAutoRefresh(client: QueryClient): void {
  useEffect(() => {
    let lastActivity = Date.now();
    let paused = false;
    const onActivity = () => {
      lastActivity = Date.now();
      if (!paused) return;
      paused = false;
      void refreshLeads(client);
    };
    const timer = setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      if (Date.now() - lastActivity > AUTO_REFRESH_IDLE_PAUSE_MS) {
        paused = true;
        return;
      }
      void refreshLeads(client);
    }, timings.adminAutoRefreshMs);
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, onActivity, { capture: true, passive: true });
    }
    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) {
        window.removeEventListener(name, onActivity, { capture: true });
      }
    };
  }, [client]);
}
