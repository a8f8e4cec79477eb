import { useId, useRef, useState, type FormEvent } from 'react';
import { ADMIN_ROLES, type AccountEntry, type AdminRole } from '@shared/admin-accounts';
import { titleCase } from '@shared/lead-fields';
import { Button, SubmitButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { useAccounts, useChangeAccount, useInvite, useResetSignIn } from '../api/accounts';
import { useAccount } from '../api/session';
import type { ConfirmRequest } from '../ui/confirm-dialog';
import { DataTable, type Column } from '../ui/data-table';
import { Select } from '../ui/controls';
import { AccountSessions } from './sessions-panel';
import { formatDate } from '../ui/format';

const roleOptions = ADMIN_ROLES.map((role) => ({ value: role, label: titleCase(role) }));

function InviteForm() {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AdminRole>('recruiter');
  const invite = useInvite();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    invite.mutate({ email: email.trim(), role }, { onSuccess: () => setEmail('') });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Invite">
      <TextField
        label="E-mail"
        type="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        containerClassName="min-w-64 flex-1"
      />
      <Select
        label="Role"
        value={role}
        onChange={(value) => setRole(value as AdminRole)}
        options={roleOptions}
      />
      <SubmitButton submitting={invite.isPending} label="Invite" busyLabel="Inviting…" size="sm" />
    </form>
  );
}

/** Owner only: invitations, roles, disabling (signed out at once), any account's sessions. */
export function AccountsTab({ onConfirm }: { onConfirm(request: ConfirmRequest): void }) {
  const { data, isPending, isError } = useAccounts();
  const me = useAccount();
  const change = useChangeAccount();
  const resetSignIn = useResetSignIn();
  const sessionsId = useId();
  const [shown, setShown] = useState<number | undefined>();
  // The "Sessions of …" button that opened the panel: closing it returns the focus there.
  const opener = useRef<HTMLButtonElement | null>(null);
  // The founding owner stays an owner and enabled; nobody demotes or disables themselves by a slip.
  const fixed = (row: AccountEntry) => row.email === null || row.id === me?.id;
  const columns: Column<AccountEntry>[] = [
    { header: 'Name', card: true, cell: (row) => row.name },
    { header: 'E-mail', card: true, cell: (row) => row.email ?? 'Signs in with ADMIN_PASSWORD' },
    {
      header: 'Role',
      card: true,
      cell: (row) => (
        <Select
          label={`Role of ${row.name}`}
          hideLabel
          value={row.role}
          options={roleOptions}
          disabled={fixed(row)}
          onChange={(role) => change.mutate({ id: row.id, role: role as AdminRole })}
        />
      ),
    },
    { header: 'State', card: true, cell: (row) => (row.disabled ? 'Disabled' : 'Active') },
  ];
  const actions = (row: AccountEntry) => (
    <>
      <Button
        size="sm"
        variant="outline"
        aria-expanded={shown === row.id}
        aria-controls={shown === row.id ? sessionsId : undefined}
        onClick={(event) => {
          opener.current = event.currentTarget;
          setShown(shown === row.id ? undefined : row.id);
        }}
      >
        Sessions of {row.name}
      </Button>
      {fixed(row) ? null : (
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            row.disabled
              ? change.mutate({ id: row.id, disabled: false })
              : onConfirm({
                  title: `Disable ${row.name}`,
                  message: `${row.name} is signed out everywhere at once and cannot sign in until enabled again. Their calls not yet started go to other hosts free at the same times.`,
                  confirmLabel: 'Disable',
                  onConfirm: () => change.mutate({ id: row.id, disabled: true }),
                })
          }
        >
          {row.disabled ? 'Enable' : 'Disable'} {row.name}
        </Button>
      )}
      {fixed(row) || row.disabled ? null : (
        <Button
          size="sm"
          variant="outline"
          aria-label={`Reset sign-in of ${row.name}`}
          onClick={() =>
            onConfirm({
              title: `Reset sign-in of ${row.name}`,
              message: `${row.name} is signed out everywhere at once, and their password, passkeys, authenticator app and recovery codes are removed. A link valid 72 hours goes to ${row.email ?? ''} to choose a new password or passkey; until then they cannot sign in. Their account, role and history stay.`,
              confirmLabel: 'Reset sign-in',
              onConfirm: () => resetSignIn.mutate({ id: row.id, name: row.name }),
            })
          }
        >
          Reset sign-in
        </Button>
      )}
    </>
  );
  if (isPending) return <p role="status">Loading accounts…</p>;
  if (isError) return <p role="alert">The accounts could not be loaded.</p>;
  const shownAccount = data.accounts.find((account) => account.id === shown);
  return (
    <div className="grid gap-6">
      <InviteForm />
      <DataTable
        caption="Accounts"
        columns={columns}
        actions={actions}
        rows={data.accounts}
        empty="No accounts"
        cards
      />
      {shownAccount && (
        <AccountSessions
          id={sessionsId}
          account={shownAccount}
          onConfirm={onConfirm}
          onClose={() => {
            setShown(undefined);
            opener.current?.focus();
          }}
        />
      )}
      <DataTable
        caption="Pending invitations"
        columns={[
          { header: 'E-mail', cell: (row) => row.email },
          { header: 'Role', cell: (row) => titleCase(row.role) },
          { header: 'Valid until', cell: (row) => formatDate(row.expiresAt) },
        ]}
        rows={data.invitations}
        empty="No pending invitations"
      />
    </div>
  );
}
