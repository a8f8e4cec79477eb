import { useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { SiteLayout } from '../components/layout/site-layout';
import { replayHeldClick, replayTypedText } from '../lib/held-input';
import { embeddedPages, notFoundPage as NotFoundPage, pages } from './pages';

export function App() {
  // Hydrated, every handler attached: tests wait on the marker, bench:web reads the mark.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    performance.mark('hydrated');
    replayTypedText();
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
