import { useSyncExternalStore } from 'react';
import { timings } from '@shared/claims';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before the toast closes by itself (spec section 9); the Toaster's default if unset. */
  duration?: number;
}

/** A failure's toast: red, shown for the spec's error duration. */
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

export interface ToastItem extends ToastInput {
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

export function toast(input: ToastInput): number {
  const id = nextId++;
  setToasts([{ ...input, id, open: true }, ...toasts].slice(0, timings.toastLimit));
  return id;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverSnapshot: ToastItem[] = [];

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => serverSnapshot,
  );
}
