import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import type { SecondFactor } from '@shared/admin-factors';
import { Button, SubmitButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { useFactorSignIn } from '../api/session';
import { codeField } from './one-field-form';

/** "Sign in with a passkey", beside the password: no password needed. */
export function PasskeySignIn({ label = 'Sign in with a passkey' }: { label?: string }) {
  const signIn = useFactorSignIn();
  return (
    <Button
      type="button"
      variant="outline"
      onClick={() => signIn.mutate({ passkey: true })}
      disabled={signIn.isPending}
    >
      <KeyRound className="size-4" aria-hidden="true" />
      {label}
    </Button>
  );
}

/** A password sign-in's second step: an app or recovery code, or one of the account's passkeys. */
export function SecondFactorForm({
  factors,
  onRestart,
}: {
  factors: readonly SecondFactor[];
  onRestart: () => void;
}) {
  const [code, setCode] = useState('');
  const signIn = useFactorSignIn();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) signIn.mutate({ code: code.trim() }, { onError: () => setCode('') });
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
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <SubmitButton submitting={signIn.isPending} label="Verify" busyLabel="Verifying..." />
        </form>
      ) : null}
      {factors.includes('passkey') ? <PasskeySignIn label="Use a passkey" /> : null}
      <Button type="button" variant="ghost" onClick={onRestart}>
        Start over
      </Button>
    </div>
  );
}
