import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { timings } from '@shared/claims';
import { clsx } from 'clsx';
import { dismissToast, useToasts } from '../../lib/toast-store';

const variantClass = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-white text-slate-900',
  destructive: 'border-red-700 bg-red-700 text-white',
} as const;

/** Renders the toast store with Radix Toast (swipe right, 50 px threshold, F8 hotkey). */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      swipeDirection="right"
      swipeThreshold={timings.toastSwipeThresholdPx}
      duration={timings.toastDefaultDurationMs}
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={clsx(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-4 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            'motion-safe:transition-transform',
            variantClass[item.variant ?? 'default'],
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-base font-semibold">
              {item.title}
            </ToastPrimitive.Title>
            {item.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {item.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        // From below, above the consent banner: under the top bar a toast covered the dashboard's
        // own (Export, Logout), and a page's heading on a phone or tablet (/hiring's, 3 s).
        className="fixed bottom-[var(--consent-banner-height,0px)] right-0 z-50 flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
