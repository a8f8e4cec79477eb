import { lazyPage, type LazyPage } from './lazy-page';

/** Every route of the site and the page that renders it (section 2 of the spec). */
export const pages: Record<string, LazyPage> = {
  '/': lazyPage(() => import('../features/home/HomePage')),
  '/candidates': lazyPage(() => import('../features/candidates/CandidatesPage')),
  '/companies': lazyPage(() => import('../features/companies/CompaniesPage')),
  '/about': lazyPage(() => import('../features/about/AboutPage')),
  '/contact': lazyPage(() => import('../features/contact/ContactPage')),
  '/apply': lazyPage(() => import('../features/candidates/ApplyPage')),
  '/typeform': lazyPage(() => import('../features/candidates/TypeformPage')),
  '/thank-you': lazyPage(() => import('../features/candidates/ThankYouPage')),
  '/hiring': lazyPage(() => import('../features/companies/HiringPage')),
  '/career': lazyPage(() => import('../features/candidates/CareerPage')),
  '/training': lazyPage(() => import('../features/candidates/TrainingPage')),
  '/privacy': lazyPage(() => import('../features/legal/PrivacyPage')),
  '/terms': lazyPage(() => import('../features/legal/TermsPage')),
  '/admin': lazyPage(() => import('../features/admin/AdminPage')),
};

/**
 * Pages rendered without the site layout (no top bar, footer or canvas) because they live
 * inside an iframe on another page: the built-in questionnaire embedded on /typeform.
 */
export const embeddedPages: Record<string, LazyPage> = {
  '/questionnaire': lazyPage(() => import('../features/candidates/QuestionnairePage')),
};

export const notFoundPage = lazyPage(() => import('../features/not-found/NotFoundPage'));

/** The page for a path; unknown paths get the not-found page. */
export function pageFor(pathname: string): LazyPage {
  return pages[pathname] ?? embeddedPages[pathname] ?? notFoundPage;
}
