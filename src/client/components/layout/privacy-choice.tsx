import { useOptInMode } from '../../lib/tracking/use-opt-in-mode';

const actions = () => import('../../lib/tracking/consent');

/** The footer's privacy control: notice mode's 'Do Not Sell…', or opt-in's 'Cookie settings'. */
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
