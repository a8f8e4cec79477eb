import { useSyncExternalStore } from 'react';
import { timings } from '@shared/claims';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
  /** Milliseconds before the toast closes by itself (spec section 9); the Toaster's default if unset. */
  duration?: number;
}

export const failureToast = (title: string, description: string): ToastInput => ({
  title,
  description,
  variant: 'destructive',
  duration: timings.toastErrorDurationMs,
});

export const successToast = (
  title: string,
  description?: string,
  duration: number = timings.toastSuccessDurationMs,
): ToastInput => ({ title, ...(description ? { description } : {}), variant: 'success', duration });

interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

// A tiny toast store like shadcn's: at most `toastLimit` (1), removed after `toastRemoveDelayMs`.
let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setToasts(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  setToasts(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => setToasts(toasts.filter((t) => t.id !== id)), timings.toastRemoveDelayMs);
}

// The toasts that may show: all, unless a screen narrows them (a signed-out admin: its sign-in's).
let showable = (_input: ToastInput) => true;

/** From now on only the toasts `rule` accepts show (all without one); shown ones it refuses go. */
export function showToastsOnly(rule = (_input: ToastInput) => true): void {
  showable = rule;
  setToasts(toasts.filter(showable));
}

export function toast(input: ToastInput): number {
  if (!showable(input)) return 0;
  const id = nextId++;
  setToasts([{ ...input, id, open: true }, ...toasts].slice(0, timings.toastLimit));
  return id;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverSnapshot: ToastItem[] = [];

export const useToasts = () =>
  useSyncExternalStore(
    subscribe,
    () => toasts,
    () => serverSnapshot,
  );
