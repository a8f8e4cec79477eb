import '../admin.css';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { PASSWORD_MIN_LENGTH, type AdminRole } from '@shared/admin-accounts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { Container } from '../../../components/ui/section';
import { session } from '../../../lib/session-keys';
import { newPasskey } from '../api/factors';
import { apiRequest } from '../../../lib/api';
import { errorText, requestJson } from '../api/http';

/** `name`: an owner reset this account's sign-in; it keeps its name and chooses a credential. */
type Found = { email: string; role: AdminRole; name?: string };

type Invitation =
  { state: 'checking' } | { state: 'gone' } | ({ state: 'open'; token: string } & Found);

function useInvitation(): Invitation {
  const [invitation, setInvitation] = useState<Invitation>({ state: 'checking' });
  useEffect(() => {
    // No token: the server answers 404 like for a used one.
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    requestJson<Found>('POST', '/api/admin/invitation', { token })
      .then((found) => setInvitation({ state: 'open', token, ...found }))
      .catch(() => setInvitation({ state: 'gone' }));
  }, []);
  return invitation;
}

function AcceptForm({ invitation }: { invitation: Extract<Invitation, { state: 'open' }> }) {
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | undefined>();
  const [nameError, setNameError] = useState<string | undefined>();
  const nameField = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'password' | 'passkey' | undefined>();
  const { token, name: kept } = invitation;
  const submitLabel = kept ? 'Set password' : 'Create account';
  const field = (key: 'name' | 'password') =>
    String(new FormData(form.current ?? undefined).get(key) ?? '');
  // No name: the field takes the focus and says so.
  const named = () => {
    const name = kept ?? field('name').trim();
    setNameError(name ? undefined : 'Enter your name.');
    if (!name) nameField.current?.focus();
    return name;
  };
  const create = async (
    how: 'password' | 'passkey',
    name: string,
    credential: () => Promise<{ password: string } | { passkey: unknown }>,
  ) => {
    setBusy(how);
    setError(undefined);
    try {
      await apiRequest('POST', '/api/admin/invitation/accept', {
        token,
        name,
        ...(await credential()),
      });
      session.set('adminAuthenticated', 'true');
      window.location.assign('/admin');
    } catch (failure) {
      setError(
        failure instanceof Error && failure.name === 'NotAllowedError'
          ? 'No passkey was registered.'
          : errorText(failure, 'The invitation could not be accepted.'),
      );
      setBusy(undefined);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [name, password] = [named(), field('password')];
    if (!name) return;
    if ([...password].length < PASSWORD_MIN_LENGTH) {
      return setError(`Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`);
    }
    void create('password', name, async () => ({ password }));
  };
  const registerPasskey = (name: string) =>
    create('passkey', name, async () => ({
      passkey: await newPasskey('/api/admin/invitation/passkey-options', { token, name }),
    }));
  return (
    <div className="mx-auto max-w-md rounded-2xl bg-white p-8 shadow-xl">
      <h1 id={headingId} className="text-2xl">
        {kept ? 'Choose how you sign in' : 'Accept your invitation'}
      </h1>
      <p className="mt-2 text-slate-700">
        {kept
          ? `An owner reset the sign-in of ${invitation.email}: choose a new password or a passkey.`
          : `${invitation.email} is invited as ${invitation.role === 'owner' ? 'an' : 'a'} ${invitation.role}.`}
      </p>
      <form
        ref={form}
        aria-labelledby={headingId}
        className="mt-6 grid gap-4"
        onSubmit={submit}
        noValidate
      >
        {kept ? null : (
          <TextField
            label="Your name"
            name="name"
            autoComplete="name"
            required
            ref={nameField}
            error={nameError}
          />
        )}
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common password.`}
          required
        />
        {/* Either way of creating the account holds the other while it runs. */}
        <Button type="submit" aria-disabled={busy !== undefined} aria-busy={busy === 'password'}>
          {busy === 'password' ? `${submitLabel}...` : submitLabel}
        </Button>
        <Button
          variant="outline"
          aria-disabled={busy !== undefined}
          onClick={() => {
            const name = named();
            if (name) void registerPasskey(name);
          }}
        >
          <KeyRound className="size-4" aria-hidden="true" />
          {busy === 'passkey' ? 'Registering passkey...' : 'Use a passkey instead of a password'}
        </Button>
        <p role="alert" className="text-sm text-red-700 empty:hidden">
          {error}
        </p>
      </form>
    </div>
  );
}

export default function InvitePage() {
  const invitation = useInvitation();
  return (
    <div className="min-h-[70vh] bg-slate-50 py-12 text-slate-900">
      <Container>
        {invitation.state === 'open' ? (
          <AcceptForm invitation={invitation} />
        ) : (
          <p className="text-center text-slate-700" role="status">
            {invitation.state === 'checking'
              ? 'Checking your invitation…'
              : 'This invitation has expired or was already used. Ask the owner for a new one.'}
          </p>
        )}
      </Container>
    </div>
  );
}
