import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import {
  chooseConsent,
  closeConsentBanner,
  consentBannerOpener,
  consentBannerOpen,
  consentChoice,
  subscribeConsent,
  type ConsentChoice,
} from '../../lib/tracking/consent';
import { Button } from '../ui/button';

/** Opt-in mode's banner, fixed to the bottom; reopened from the footer it takes the focus. */
export default function ConsentBannerHost() {
  const open = useSyncExternalStore(subscribeConsent, consentBannerOpen);
  return open ? <ConsentBanner /> : null;
}

function ConsentBanner() {
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = region.current;
    if (!element) return;
    if (consentBannerOpener()) element.focus();
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--consent-banner-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--consent-banner-height');
    };
  }, []);

  const close = () => {
    const opener = consentBannerOpener();
    const hadFocus = region.current?.contains(document.activeElement) ?? false;
    closeConsentBanner();
    if (opener) opener.focus();
    // The focused button is about to disappear: keep the keyboard user's place on the page.
    else if (hadFocus) document.getElementById('main')?.focus({ preventScroll: true });
  };
  const choose = (choice: ConsentChoice) => {
    chooseConsent(choice);
    close();
  };

  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-labelledby="consent-banner-title"
      onKeyDown={(event) => {
        // Escape only closes a banner the visitor reopened: a first visit still needs an answer.
        if (event.key === 'Escape' && consentChoice()) close();
      }}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white text-slate-900 shadow-[0_-4px_16px_rgb(0_0_0/0.15)] outline-none focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-accent-strong"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-4 sm:px-6 md:flex-row md:items-center lg:px-8">
        <div className="flex-1 text-sm sm:text-base">
          <h2 id="consent-banner-title" className="text-base font-semibold sm:text-lg">
            Cookies and advertising
          </h2>
          <p className="mt-1 text-slate-700">
            May we use the Meta Pixel? It sets a cookie and tells Meta which pages you view and when
            you send a form, so we can measure our ads. Nothing is shared with Meta unless you
            accept; you can change your mind under “Cookie settings” at the bottom of every page.{' '}
            <Link
              to="/privacy#cookies-and-tracking"
              className="font-medium text-accent-strong underline underline-offset-4 hover:text-navy-900"
            >
              Privacy Policy
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 gap-3">
          <Button variant="dark" className="flex-1 md:flex-none" onClick={() => choose('denied')}>
            Decline
          </Button>
          <Button variant="dark" className="flex-1 md:flex-none" onClick={() => choose('granted')}>
            Accept
          </Button>
        </div>
      </div>
    </section>
  );
}
