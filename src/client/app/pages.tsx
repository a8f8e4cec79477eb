import { lazy, type ComponentType } from 'react';
import { loadCode } from '../lib/load-code';
import type { RoutePath } from './route-meta';

/** A code-split page; preloaded before hydration and pre-rendering, it renders without suspending. */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  let Loaded: ComponentType | undefined;
  const preload = async () => {
    Loaded ??= (await loadCode(load)).default;
  };
  const Suspending = lazy(async () => {
    await preload();
    return { default: Loaded as ComponentType };
  });
  return Object.assign(() => (Loaded ? <Loaded /> : <Suspending />), { preload });
}
type LazyPage = ReturnType<typeof lazyPage>;

/** Pages without the site layout: they live in an iframe (the questionnaire /typeform embeds). */
type EmbeddedPath = '/questionnaire';

/** Every route of the site and the page that renders it (section 2 of the spec). */
export const pages: Record<Exclude<RoutePath, EmbeddedPath>, LazyPage> = {
  '/': lazyPage(() => import('../features/home/home-page')),
  '/candidates': lazyPage(() => import('../features/candidates/candidates-page')),
  '/companies': lazyPage(() => import('../features/companies/companies-page')),
  '/about': lazyPage(() => import('../features/about/about-page')),
  '/contact': lazyPage(() => import('../features/contact/contact-page')),
  '/apply': lazyPage(() => import('../features/candidates/apply-page')),
  '/typeform': lazyPage(() => import('../features/candidates/questionnaire-step-page')),
  '/thank-you': lazyPage(() => import('../features/candidates/thank-you-page')),
  '/hiring': lazyPage(() => import('../features/companies/hiring-page')),
  '/career': lazyPage(() => import('../features/candidates/career-page')),
  '/training': lazyPage(() => import('../features/candidates/training-page')),
  '/privacy': lazyPage(() => import('../features/legal/privacy-page')),
  '/terms': lazyPage(() => import('../features/legal/terms-page')),
  '/status': lazyPage(() => import('../features/status/status-page')),
  '/book': lazyPage(() => import('../features/booking/booking-page')),
  '/admin': lazyPage(() => import('../features/admin/admin-page')),
  '/admin/invite': lazyPage(() => import('../features/admin/accounts/invite-page')),
};

export const embeddedPages: Record<EmbeddedPath, LazyPage> = {
  '/questionnaire': lazyPage(() => import('../features/candidates/questionnaire-page')),
};

export const notFoundPage = lazyPage(() => import('../features/not-found/not-found-page'));

const byPath: Partial<Record<string, LazyPage>> = { ...pages, ...embeddedPages };

export function pageFor(pathname: string): LazyPage {
  return byPath[pathname] ?? notFoundPage;
}
