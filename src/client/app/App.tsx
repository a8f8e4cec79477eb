import { Route, Routes } from 'react-router';
import { SiteLayout } from '../components/layout/SiteLayout';
import { embeddedPages, notFoundPage as NotFoundPage, pages } from './pages';

export function App() {
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
