import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Container } from '../../components/ui/section';
import { createAdminQueryClient } from './api/http';
import { useAdminSession } from './api/session';
import { Dashboard } from './dashboard';
import { LoginForm } from './login-form';

function AdminScreen() {
  const session = useAdminSession();
  if (session.isPending) {
    return (
      <p className="text-center text-slate-700" role="status">
        Checking your session…
      </p>
    );
  }
  if (session.isError) {
    return (
      <p className="text-center text-red-700" role="alert">
        The server could not be reached. Reload the page to try again.
      </p>
    );
  }
  return session.data.authenticated ? <Dashboard /> : <LoginForm />;
}

/**
 * /admin: sign-in, then the lead dashboard. This chunk (with TanStack Query, Radix Tabs and
 * Dialog, and uPlot loaded by the chart) is fetched only on this route.
 */
export default function AdminPage() {
  const [client] = useState(createAdminQueryClient);
  return (
    <QueryClientProvider client={client}>
      <div id="top" className="min-h-[70vh] bg-slate-50 py-12 text-slate-900">
        <Container>
          <AdminScreen />
        </Container>
      </div>
    </QueryClientProvider>
  );
}
