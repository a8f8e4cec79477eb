import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/App';
import { pageFor } from './app/pages';
import { preloadLazyForms } from './components/forms/lazy-form';

export { routeMeta, NOT_FOUND_META, fullTitle } from './app/route-meta';
export { headTags } from './app/head';

/** Renders one route to HTML for the pre-render step (scripts/build.mjs). */
export async function render(pathname: string): Promise<string> {
  await pageFor(pathname).preload();
  await preloadLazyForms();
  return renderToString(
    <StrictMode>
      <StaticRouter location={pathname}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}
export { site as siteConfig } from './lib/site';
