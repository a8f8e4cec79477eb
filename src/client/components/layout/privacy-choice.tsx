import { useOptInMode } from '../../lib/tracking/use-opt-in-mode';

const actions = () => import('../../lib/tracking/consent');

/**
 * The footer's privacy control. Notice mode (CCPA): "Do Not Sell or Share My Personal
 * Information" turns the pixel off for this browser, for good, and says so in a toast.
 * Opt-in mode: "Cookie settings" reopens the consent banner. What they do loads on the click.
 */
export function PrivacyChoice({ className }: { className: string }) {
  const cookieSettings = useOptInMode();
  return (
    <button
      type="button"
      className={className}
      onClick={({ currentTarget }) =>
        void actions().then((act) =>
          cookieSettings ? act.openConsentBanner(currentTarget) : act.optOut(),
        )
      }
    >
      {cookieSettings ? 'Cookie settings' : 'Do Not Sell or Share My Personal Information'}
    </button>
  );
}
