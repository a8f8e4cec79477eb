import { Route, Routes } from 'react-router';
import { SiteLayout } from '../components/layout/SiteLayout';
import { notFoundPage as NotFoundPage, pages } from './pages';

export function App() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {Object.entries(pages).map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
