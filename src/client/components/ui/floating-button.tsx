import { useSyncExternalStore } from 'react';
import { ArrowUp } from 'lucide-react';
import { timings } from '@shared/claims';
import { buttonClass } from './button';

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}
const scrolledPast = () => window.scrollY > timings.scrollThresholdPx;

/** Appears past 300 px of scroll (spec 4, 9) and brings the visitor back to the form. */
export function FloatingButton({ label }: { label: string }) {
  const visible = useSyncExternalStore(subscribe, scrolledPast, () => false);
  return (
    <button
      type="button"
      // Hidden, not absent: the page's end keeps clear of it (styles.css); showing moves nothing.
      hidden={!visible}
      data-floating-button
      onClick={scrollToForm}
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

export function scrollToForm(): void {
  window.scrollTo({ top: 0 });
  document
    .getElementById('top')
    ?.querySelector<HTMLElement>('input:not([readonly]):not([type="hidden"]), select, textarea')
    ?.focus({ preventScroll: true });
}
