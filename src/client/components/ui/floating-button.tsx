import { useSyncExternalStore } from 'react';
import { ArrowUp } from 'lucide-react';
import { timings } from '@shared/claims';
import { buttonClass } from './button';

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}
const scrolledPast = () => window.scrollY > timings.scrollThresholdPx;

/**
 * A floating button that appears once the page has scrolled past 300 px (spec sections 4 and 9)
 * and brings the visitor back to the form at the top, focusing its first field.
 */
export function FloatingButton({ label, targetId = 'top' }: { label: string; targetId?: string }) {
  const visible = useSyncExternalStore(subscribe, scrolledPast, () => false);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => scrollToForm(targetId)}
      className={buttonClass({
        size: 'lg',
        className:
          'fixed bottom-[calc(1.5rem+var(--consent-banner-height,0px))] right-6 z-30 shadow-lg',
      })}
    >
      <ArrowUp className="size-5" aria-hidden="true" />
      {label}
    </button>
  );
}

/**
 * Scrolls back to the top of the page, where the form is, and focuses its first field
 * (the floating button and the 'Apply Now' style buttons).
 */
export function scrollToForm(targetId = 'top'): void {
  window.scrollTo({ top: 0 });
  document
    .getElementById(targetId)
    ?.querySelector<HTMLElement>('input:not([readonly]):not([type="hidden"]), select, textarea')
    ?.focus({ preventScroll: true });
}
