import { Link } from 'react-router';
import { site } from '../../lib/site';
import { useClientValue } from '../../lib/use-hydrated';
import { BrandMark } from './brand-mark';
import { useOptInMode } from '../../lib/tracking/use-opt-in-mode';
import { StaticContent } from '../ui/static-content';
import { EmailLink } from '../ui/email-link';

const quickLinks = [
  { to: '/candidates', label: 'For Candidates' },
  { to: '/companies', label: 'For Companies' },
  { to: '/contact', label: 'Contact' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
] as const;

const footerLink =
  'rounded-sm text-slate-300 underline-offset-4 transition-colors duration-150 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/** The footer's privacy control: notice mode's 'Do Not Sell…', or opt-in's 'Cookie settings'. */
function PrivacyChoice({ className }: { className: string }) {
  const cookieSettings = useOptInMode();
  const label = cookieSettings ? 'Cookie settings' : 'Do Not Sell or Share My Personal Information';
  return (
    <>
      <button
        type="button"
        className={`${className} noscript:hidden`}
        onClick={({ currentTarget }) =>
          void import('../../lib/tracking/consent').then((act) =>
            cookieSettings ? act.openConsentBanner(currentTarget) : act.optOut(),
          )
        }
      >
        {label}
      </button>
      {/* Without scripts nothing tracks, and the button could do nothing: the policy says so. */}
      <a
        href={`/privacy#${cookieSettings ? 'cookies-and-tracking' : 'do-not-sell-or-share'}`}
        className={`${className} hidden noscript:inline`}
      >
        {label}
      </a>
    </>
  );
}

/** The year the pages were pre-rendered (vite.config.ts); the static HTML shows it. */
declare const __BUILD_YEAR__: number;

const currentYear = () => new Date().getFullYear();
const buildYear = () => __BUILD_YEAR__;

export function Footer() {
  const year = useClientValue(currentYear, buildYear);
  return (
    <footer className="render-when-near border-t border-white/10 bg-navy-950 text-slate-300">
      <StaticContent>
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
          <div>
            <h2 className="text-base font-semibold text-white">Quick Links</h2>
            <ul className="mt-4 space-y-3">
              {quickLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={footerLink}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-base font-semibold text-white">Contact Us</h2>
            <p className="mt-4">
              <EmailLink className={footerLink} />
            </p>
          </div>
          <div>
            <h2 className="text-base font-semibold text-white">Connect</h2>
            <button
              type="button"
              aria-label={`${site.brandName} on LinkedIn`}
              className="mt-4 inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-slate-100 transition-colors duration-150 hover:bg-accent hover:text-navy-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
            >
              <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28ZM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13ZM7.12 20.45H3.56V9h3.56v11.45ZM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0Z"
                />
              </svg>
            </button>
          </div>
        </div>
      </StaticContent>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-2 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p className="flex items-center gap-2">
            <BrandMark className="size-5" />
            <span>
              © {year} {site.brandName}. All rights reserved.
            </span>
          </p>
          <PrivacyChoice className={`${footerLink} text-left underline`} />
        </div>
      </div>
    </footer>
  );
}
