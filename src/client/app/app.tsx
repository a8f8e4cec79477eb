import { useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { SiteLayout } from '../components/layout/site-layout';
import { replayHeldClick } from '../lib/held-click';
import { embeddedPages, notFoundPage as NotFoundPage, pages } from './pages';

export function App() {
  // A readiness marker: the page is hydrated and every handler is attached (tests wait on it,
  // and bench:web reads the mark to tell the page's first-load scripts from later ones).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    performance.mark('hydrated');
    replayHeldClick();
  }, []);
  return (
    <Routes>
      {Object.entries(embeddedPages).map(([path, Page]) => (
        <Route key={path} path={path} element={<Page />} />
      ))}
      <Route element={<SiteLayout />}>
        {Object.entries(pages).map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
