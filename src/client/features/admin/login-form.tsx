import { useId, useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import { SubmitButton } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { useLogin } from './api/session';

/** Password sign-in; the server checks the password and sets the session cookie. */
export function LoginForm() {
  const headingId = useId();
  const [password, setPassword] = useState('');
  const login = useLogin();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    login.mutate(password, { onError: () => setPassword('') });
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
      <form aria-labelledby={headingId} className="mt-6 grid gap-4" onSubmit={submit} noValidate>
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <SubmitButton submitting={login.isPending} label="Sign In" busyLabel="Signing in..." />
      </form>
    </div>
  );
}
