import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Copy, Download, KeyRound, Pencil, Trash2 } from 'lucide-react';
import { Button, SubmitButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import type { AccountFactors } from '@shared/admin-factors';
import { errorText } from '../api/http';
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
  useRenamePasskey,
  type TotpEnrolment,
} from '../api/factors';
import { useLogout } from '../api/session';

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

/**
 * One field and its button: a name, a password or a code. With `onCancel` (a rename), the field
 * starts at `initial`, takes the focus, and Escape or Cancel closes it.
 */
function OneFieldForm(props: {
  label: string;
  name: string;
  button: string;
  busy: boolean;
  type?: string;
  autoComplete?: string;
  initial?: string;
  onSubmit: (value: string) => void;
  onCancel?: () => void;
}) {
  const [value, setValue] = useState(props.initial ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) props.onSubmit(value.trim());
    setValue(props.initial ?? '');
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
        autoFocus={props.onCancel !== undefined}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && props.onCancel) props.onCancel();
        }}
        containerClassName="min-w-64 flex-1"
      />
      <SubmitButton submitting={props.busy} label={props.button} busyLabel={`${props.button}…`} />
      {props.onCancel ? (
        <Button type="button" variant="outline" onClick={props.onCancel}>
          Cancel
        </Button>
      ) : null}
    </form>
  );
}

/**
 * Changing a factor asks for the current one again: the password (an account that has one), a
 * code or a passkey.
 */
function ConfirmIdentity({ hasCodes, hasPassword }: { hasCodes: boolean; hasPassword: boolean }) {
  const confirm = useConfirmIdentity();
  const how = hasPassword
    ? 'enter your password or use a second factor'
    : `use a passkey${hasCodes ? ' or a code' : ''}`;
  return (
    <Section title="Confirm it’s you">
      <p className="text-slate-700">
        To change your sign-in methods, {how} again. It stays confirmed for five minutes.
      </p>
      {hasPassword ? (
        <OneFieldForm
          label="Current password"
          name="current-password"
          type="password"
          autoComplete="current-password"
          button="Confirm"
          busy={confirm.isPending}
          onSubmit={(password) => confirm.mutate({ password })}
        />
      ) : null}
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

type PasskeyView = AccountFactors['passkeys'][number];

/** One passkey: its name and date, Rename (a field in place) and Remove. */
function PasskeyItem({ passkey }: { passkey: PasskeyView }) {
  const remove = useRemovePasskey();
  const rename = useRenamePasskey();
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement | null>(null);
  const formId = useId();
  // Closed by Save, Cancel or Escape: the focus goes back to the Rename button.
  const close = () => {
    setRenaming(false);
    renameButton.current?.focus();
  };
  return (
    <li className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          <span className="font-medium">{passkey.name}</span>{' '}
          <span className="text-sm text-slate-600">
            added {dateFormat.format(new Date(passkey.createdAt))}
          </span>
        </span>
        <span className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={`Rename passkey ${passkey.name}`}
            aria-expanded={renaming}
            aria-controls={renaming ? formId : undefined}
            ref={renameButton}
            onClick={() => setRenaming(!renaming)}
          >
            <Pencil className="size-4" aria-hidden="true" />
            Rename
          </Button>
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
        </span>
      </div>
      {renaming ? (
        <div id={formId}>
          <OneFieldForm
            label={`New name of ${passkey.name}`}
            name="passkey-new-name"
            button="Save"
            busy={rename.isPending}
            initial={passkey.name}
            onSubmit={(name) => rename.mutate({ id: passkey.id, name }, { onSuccess: close })}
            onCancel={close}
          />
        </div>
      ) : null}
    </li>
  );
}

function Passkeys({ passkeys }: { passkeys: PasskeyView[] }) {
  const add = useAddPasskey();
  return (
    <Section title="Passkeys">
      {passkeys.length === 0 ? (
        <p className="text-slate-700">No passkey yet.</p>
      ) : (
        <ul className="grid gap-2">
          {passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
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
  const { passkeys, totp, recoveryCodesLeft, confirmedUntil, hasPassword } = factors.data;
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
      {confirmedUntil === null ? (
        <ConfirmIdentity hasCodes={totp} hasPassword={hasPassword} />
      ) : null}
      <Passkeys passkeys={passkeys} />
      <AuthenticatorApp on={totp} codesLeft={recoveryCodesLeft} />
    </div>
  );
}
