import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { timings } from '@shared/claims';
import { refreshLeads } from './api/leads';

/** Idle this long, refreshes pause, so the server can end an unattended session at 30 min. */
export const AUTO_REFRESH_IDLE_PAUSE_MS = 5 * 60_000;

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/** Spec section 4: a refresh every 30 s of what is on screen, while visible and attended. */
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
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, onActivity, { capture: true, passive: true });
    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, true);
    };
  }, [client]);
}
