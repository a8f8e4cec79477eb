import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Copy, Download, KeyRound, Trash2 } from 'lucide-react';
import { Button, SubmitButton } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { errorText } from './api/http';
import {
  startTotp,
  useAddPasskey,
  useConfirmIdentity,
  useConfirmTotp,
  useContinueToDashboard,
  useFactors,
  useNewRecoveryCodes,
  useRemovePasskey,
  useRemoveTotp,
  type TotpEnrolment,
} from './api/factors';
import { useLogout } from './api/session';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-xl bg-white p-6 shadow">
      <h3 id={id} className="text-xl">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** One field and its button: a name, a password or a code. */
function OneFieldForm(props: {
  label: string;
  name: string;
  button: string;
  busy: boolean;
  type?: string;
  autoComplete?: string;
  onSubmit: (value: string) => void;
}) {
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) props.onSubmit(value.trim());
    setValue('');
  };
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
      <TextField
        label={props.label}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete ?? 'off'}
        required
        value={value}
        onChange={(event) => setValue(event.target.value)}
        containerClassName="min-w-64 flex-1"
      />
      <SubmitButton submitting={props.busy} label={props.button} busyLabel={`${props.button}…`} />
    </form>
  );
}

/** Changing a factor asks for the current one again: the password, a code or a passkey. */
function ConfirmIdentity({ hasCodes }: { hasCodes: boolean }) {
  const confirm = useConfirmIdentity();
  return (
    <Section title="Confirm it’s you">
      <p className="text-slate-700">
        To change your sign-in methods, enter your password or use a second factor again. It stays
        confirmed for five minutes.
      </p>
      <OneFieldForm
        label="Current password"
        name="current-password"
        type="password"
        autoComplete="current-password"
        button="Confirm"
        busy={confirm.isPending}
        onSubmit={(password) => confirm.mutate({ password })}
      />
      {hasCodes ? (
        <OneFieldForm
          label="Authentication code or recovery code"
          name="confirm-code"
          autoComplete="one-time-code"
          button="Confirm with code"
          busy={confirm.isPending}
          onSubmit={(code) => confirm.mutate({ code })}
        />
      ) : null}
      <div>
        <Button type="button" variant="outline" onClick={() => confirm.mutate({ passkey: true })}>
          <KeyRound className="size-4" aria-hidden="true" />
          Confirm with a passkey
        </Button>
      </div>
    </Section>
  );
}

/** Recovery codes, shown once: copied or downloaded now, never shown again. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'talent-bridge-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div role="region" aria-label="Recovery codes" className="grid gap-3">
      <p className="font-medium text-slate-900">
        Save these recovery codes now: each signs in once, and they are not shown again.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void navigator.clipboard?.writeText(text)}
        >
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <Download className="size-4" aria-hidden="true" />
          Download
        </Button>
        <Button type="button" variant="dark" size="sm" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </div>
  );
}

function Passkeys({ passkeys }: { passkeys: { id: number; name: string; createdAt: string }[] }) {
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  return (
    <Section title="Passkeys">
      {passkeys.length === 0 ? (
        <p className="text-slate-700">No passkey yet.</p>
      ) : (
        <ul className="grid gap-2">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <span className="font-medium">{passkey.name}</span>{' '}
                <span className="text-sm text-slate-600">
                  added {dateFormat.format(new Date(passkey.createdAt))}
                </span>
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={`Remove passkey ${passkey.name}`}
                onClick={() => remove.mutate(passkey.id)}
                disabled={remove.isPending}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <OneFieldForm
        label="Passkey name"
        name="passkey-name"
        button="Add a passkey"
        busy={add.isPending}
        onSubmit={(name) => add.mutate(name)}
      />
    </Section>
  );
}

function AuthenticatorApp({ on, codesLeft }: { on: boolean; codesLeft: number }) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const confirm = useConfirmTotp((recoveryCodes) => {
    setEnrolment(null);
    setCodes(recoveryCodes);
  });
  const remove = useRemoveTotp();
  const regenerate = useNewRecoveryCodes(setCodes);
  const start = async () => {
    setStarting(true);
    setError('');
    try {
      setEnrolment(await startTotp());
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setStarting(false);
    }
  };
  return (
    <Section title="Authenticator app">
      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
      {on ? (
        <>
          <p className="text-slate-700">
            On. {codesLeft} recovery code{codesLeft === 1 ? '' : 's'} left.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={() => regenerate.mutate()}>
              New recovery codes
            </Button>
            <Button type="button" variant="outline" onClick={() => remove.mutate()}>
              Remove the authenticator app
            </Button>
          </div>
        </>
      ) : enrolment ? (
        <div className="grid gap-3">
          <p className="text-slate-700">
            Scan this QR code with your authenticator app, or type the secret in, then enter the
            code it shows.
          </p>
          <img
            src={enrolment.qrCode}
            alt="QR code of the authenticator app's secret"
            width={192}
            height={192}
            className="bg-white"
          />
          <p>
            Secret: <code className="font-mono break-all">{enrolment.secret}</code>
          </p>
          <OneFieldForm
            label="Code from the app"
            name="totp-code"
            autoComplete="one-time-code"
            button="Turn on"
            busy={confirm.isPending}
            onSubmit={(code) => confirm.mutate(code)}
          />
        </div>
      ) : (
        <div>
          <Button type="button" variant="outline" onClick={() => void start()} disabled={starting}>
            Set up an authenticator app
          </Button>
          {error ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </Section>
  );
}

/**
 * The Security panel (issue 22): the signed-in account's passkeys and authenticator app. With
 * ADMIN_REQUIRE_MFA and no factor yet, it is all the screen shows.
 */
export function SecurityPanel({ setupRequired = false }: { setupRequired?: boolean }) {
  const factors = useFactors();
  const logout = useLogout();
  const toDashboard = useContinueToDashboard();
  if (!factors.data) {
    return (
      <p role="status" className="text-slate-700">
        {factors.isError ? 'Your sign-in methods could not be loaded.' : 'Loading…'}
      </p>
    );
  }
  const { passkeys, totp, recoveryCodesLeft, confirmedUntil } = factors.data;
  return (
    <div className="grid gap-6">
      <h2 className="text-2xl">Security</h2>
      {setupRequired ? (
        <div className="flex flex-wrap items-center justify-between gap-3" role="status">
          <p className="font-medium text-slate-900">
            Set up a passkey or an authenticator app before you see any lead.
          </p>
          {passkeys.length > 0 || totp ? (
            <Button type="button" variant="dark" size="sm" onClick={() => void toDashboard()}>
              Continue to the dashboard
            </Button>
          ) : (
            <Button type="button" variant="dark" size="sm" onClick={() => logout.mutate()}>
              Logout
            </Button>
          )}
        </div>
      ) : null}
      {confirmedUntil === null ? <ConfirmIdentity hasCodes={totp} /> : null}
      <Passkeys passkeys={passkeys} />
      <AuthenticatorApp on={totp} codesLeft={recoveryCodesLeft} />
    </div>
  );
}
