import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PageState } from '@shared/page-state';
import type { SiteConfig } from '@shared/site-config';
import { App } from './app/app';
import { headTags } from './app/head';
import { pageFor } from './app/pages';
import { structuredDataTags } from './app/structured-data';
import { preloadLazyForms } from './components/forms/lazy-form';
import { setPageState } from './lib/page-state';

export { routeMeta, NOT_FOUND_META, fullTitle } from './app/route-meta';

export function pageHead(pathname: string, site: SiteConfig): string {
  return `${headTags(pathname, site)}\n    ${structuredDataTags(pathname, site)}`;
}

/** Renders a route to HTML: for the pre-render, and for a page with form state. */
export async function render(pathname: string, state: PageState = {}): Promise<string> {
  await pageFor(pathname).preload();
  await preloadLazyForms();
  // Set right before the synchronous render: no other request's render runs in between.
  setPageState(pathname, state);
  return renderToString(
    <StrictMode>
      <StaticRouter location={pathname}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}
export { site as siteConfig } from './lib/site';
