import './admin.css';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { KeyRound, Lock } from 'lucide-react';
import type { SessionEnd } from '@shared/admin-accounts';
import type { SecondFactor } from '@shared/admin-factors';
import { Button, SubmitButton } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { Container } from '../../components/ui/section';
import { showToastsOnly } from '../../lib/toast-store';
import { createAdminQueryClient } from './api/http';
import { useAdminSession, useFactorSignIn, useLogin } from './api/session';
import { codeField } from './accounts/one-field-form';
import { Dashboard, useUrlForgetsPeopleAtSignOut } from './dashboard';
import { SecurityPanel } from './accounts/security-panel';

/**
 * Required fields, checked on submit (which it keeps from the browser) and then as they change; an
 * incomplete submit focuses the first missing field (a screen reader reads its message with it).
 */
function useRequired() {
  const [checked, setChecked] = useState(false);
  return {
    missing: (value: string | null, label: string) =>
      checked && value === '' ? `${label} is required` : undefined,
    complete(event: FormEvent<HTMLFormElement>, complete: boolean) {
      event.preventDefault();
      const form = event.currentTarget;
      flushSync(() => setChecked(!complete));
      if (!complete) form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return complete;
    },
  };
}

function PasskeySignIn({ label = 'Sign in with a passkey' }: { label?: string }) {
  const signIn = useFactorSignIn();
  return (
    <Button
      variant="outline"
      onClick={() => signIn.mutate({ passkey: true })}
      aria-disabled={signIn.isPending}
    >
      <KeyRound className="size-4" aria-hidden="true" />
      {label}
    </Button>
  );
}

function SecondFactorForm({
  factors,
  onRestart,
}: {
  factors: readonly SecondFactor[];
  onRestart: () => void;
}) {
  const [code, setCode] = useState('');
  const required = useRequired();
  const signIn = useFactorSignIn();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (required.complete(event, code.trim() !== ''))
      signIn.mutate({ code: code.trim() }, { onError: () => setCode('') });
  };
  return (
    <div className="mt-6 grid gap-4">
      <p className="text-slate-700">This account has a second factor. Confirm it’s you.</p>
      {factors.includes('totp') ? (
        <form aria-label="Second factor" className="grid gap-4" onSubmit={submit} noValidate>
          <TextField
            {...codeField}
            name="code"
            autoFocus
            required
            error={required.missing(code.trim(), codeField.label)}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <SubmitButton submitting={signIn.isPending} label="Verify" busyLabel="Verifying..." />
        </form>
      ) : null}
      {factors.includes('passkey') ? <PasskeySignIn label="Use a passkey" /> : null}
      <Button variant="ghost" onClick={onRestart}>
        Start over
      </Button>
    </div>
  );
}

/** Why the session ended, when this screen did not end it: the sign-in form's first line. */
const ENDED: Record<SessionEnd, string> = {
  expired: 'Your session expired. Sign in again.',
  ended: 'You were signed out from another session. Sign in again.',
  disabled: 'Your account was disabled. An owner can enable it again.',
};

/** The password sign-in (the owner's); "Sign in with e-mail" adds a named account's e-mail. */
function LoginForm({ ended }: { ended: SessionEnd | undefined }) {
  const headingId = useId();
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState<string | null>(null);
  const { missing, complete } = useRequired();
  const login = useLogin();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!complete(event, password !== '' && email !== '')) return;
    const credentials = email === null ? { password } : { email, password };
    login.mutate(credentials, { onError: () => setPassword('') });
  };
  return (
    <div className="mx-auto max-w-md rounded-2xl bg-white p-8 shadow-xl">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-navy-900 text-white">
          <Lock className="size-5" aria-hidden="true" />
        </span>
        <h1 id={headingId} className="text-2xl">
          Admin Sign In
        </h1>
      </div>
      {ended && (
        <p role="status" className="mt-4 text-slate-700">
          {ENDED[ended]}
        </p>
      )}
      {login.data && 'secondFactor' in login.data ? (
        <SecondFactorForm factors={login.data.secondFactor} onRestart={() => login.reset()} />
      ) : (
        <>
          <form
            aria-labelledby={headingId}
            className="mt-6 grid gap-4"
            onSubmit={submit}
            noValidate
          >
            {email !== null && (
              <TextField
                label="E-mail"
                type="email"
                name="email"
                autoComplete="username"
                required
                autoFocus
                error={missing(email, 'E-mail')}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              error={missing(password, 'Password')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <SubmitButton submitting={login.isPending} label="Sign In" busyLabel="Signing in..." />
          </form>
          <div className="mt-4 grid gap-2">
            {email === null && (
              <button
                type="button"
                className="text-sm font-semibold text-accent-strong underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-accent-strong"
                onClick={() => setEmail('')}
              >
                Sign in with e-mail
              </button>
            )}
            <PasskeySignIn />
          </div>
        </>
      )}
    </div>
  );
}

/** The dashboard, or what comes before it: the session check, the sign-in, a second factor. */
function AdminScreen() {
  const session = useAdminSession();
  useUrlForgetsPeopleAtSignOut(session.data?.authenticated);
  const signedIn = session.data?.authenticated && !session.data.setupRequired;
  // Signed in on this screen, not at a page load: the focus the sign-in had goes to the dashboard.
  const [signingIn, setSigningIn] = useState(false);
  if (session.data && !signedIn && !signingIn) setSigningIn(true);
  // The dashboard takes the screen's width; the rest keeps the site's column.
  if (signedIn) return <Dashboard takeFocus={signingIn} />;
  return (
    <Container className="py-8 sm:py-12">
      {session.isPending ? (
        <p className="text-center text-slate-700" role="status">
          Checking your session…
        </p>
      ) : session.isError ? (
        <p className="text-center text-red-700" role="alert">
          The server could not be reached. Reload the page to try again.
        </p>
      ) : !session.data.authenticated ? (
        <LoginForm ended={session.data.ended} />
      ) : (
        // ADMIN_REQUIRE_MFA: a second factor first, before any lead.
        <SecurityPanel setupRequired />
      )}
    </Container>
  );
}

/** /admin: sign-in, then the dashboard; this chunk loads only on this route. */
export default function AdminPage() {
  const [client] = useState(createAdminQueryClient);
  // Left signed out (for the site's other pages): their toasts show.
  useEffect(() => () => showToastsOnly(), []);
  return (
    <QueryClientProvider client={client}>
      <div id="top" className="min-h-[70vh] bg-slate-50 text-slate-900">
        <AdminScreen />
      </div>
    </QueryClientProvider>
  );
}
