import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useConfirmIdentity, useFactors } from '../api/factors';
import { confirmRequired, SESSION_KEY } from '../api/http';
import { useLogout } from '../api/session';
import { AuthenticatorApp } from './authenticator-app';
import { codeField, card, OneFieldForm } from './one-field-form';
import { Panel } from '../ui/panel';
import { Passkeys } from './passkeys';

/** How many changes were refused until the session confirms (403 `confirmRequired`), any change. */
function useConfirmAsked() {
  const client = useQueryClient();
  const [asked, setAsked] = useState(0);
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        const { error } =
          event.type === 'updated' && event.action.type === 'error' ? event.action : {};
        if (confirmRequired(error)) setAsked((count) => count + 1);
      }),
    [client],
  );
  return asked;
}

function ConfirmIdentity(props: { hasCodes: boolean; hasPassword: boolean; asked: number }) {
  const { hasCodes, hasPassword, asked } = props;
  const confirm = useConfirmIdentity();
  const how = hasPassword
    ? 'enter your password or use a second factor'
    : `use a passkey${hasCodes ? ' or a code' : ''}`;
  // A change refused for want of it brings it where the person is (on a phone, far above):
  // scrolled to, smoothly unless reduced motion is asked (styles.css), and focused.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!asked) return;
    panel.current?.querySelector<HTMLElement>('h3')?.focus({ preventScroll: true });
    panel.current?.scrollIntoView({ block: 'start' });
  }, [asked]);
  return (
    <Panel {...card} title="Confirm it’s you" ref={panel} focusable>
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
          {...codeField}
          name="confirm-code"
          button="Confirm with code"
          busy={confirm.isPending}
          onSubmit={(code) => confirm.mutate({ code })}
        />
      ) : null}
      <div>
        <Button variant="outline" onClick={() => confirm.mutate({ passkey: true })}>
          <KeyRound className="size-4" aria-hidden="true" />
          Confirm with a passkey
        </Button>
      </div>
    </Panel>
  );
}

/** The account's passkeys and app: all the screen shows while ADMIN_REQUIRE_MFA awaits one. */
export function SecurityPanel({ setupRequired = false }: { setupRequired?: boolean }) {
  const factors = useFactors();
  const logout = useLogout();
  const client = useQueryClient();
  const asked = useConfirmAsked();
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
            <Button
              variant="dark"
              size="sm"
              onClick={() => void client.invalidateQueries({ queryKey: SESSION_KEY })}
            >
              Continue to the dashboard
            </Button>
          ) : (
            <Button variant="dark" size="sm" onClick={() => logout.mutate()}>
              Logout
            </Button>
          )}
        </div>
      ) : null}
      {confirmedUntil === null ? (
        <ConfirmIdentity hasCodes={totp} hasPassword={hasPassword} asked={asked} />
      ) : null}
      <Passkeys passkeys={passkeys} />
      <AuthenticatorApp on={totp} codesLeft={recoveryCodesLeft} />
    </div>
  );
}
