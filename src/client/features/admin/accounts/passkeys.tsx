import { useId, useRef, useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import type { AccountFactors } from '@shared/admin-factors';
import { Button } from '../../../components/ui/button';
import { useAddPasskey, useRemovePasskey, useRenamePasskey } from '../api/factors';
import { card, OneFieldForm } from './one-field-form';
import { Panel } from '../ui/panel';
import { useKeepFocus } from '../ui/keep-focus';
import { formatDate } from '../ui/format';

type PasskeyView = AccountFactors['passkeys'][number];

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
          <span className="text-sm text-slate-600">added {formatDate(passkey.createdAt)}</span>
        </span>
        <span className="flex flex-wrap gap-2">
          <Button
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
            variant="outline"
            size="sm"
            aria-label={`Remove passkey ${passkey.name}`}
            onClick={() => remove.mutate(passkey.id)}
            aria-disabled={remove.isPending}
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

export function Passkeys({ passkeys }: { passkeys: PasskeyView[] }) {
  const add = useAddPasskey();
  // A removed passkey's row goes: the focus goes to the next one's, else to the name to add.
  const keepFocus = useKeepFocus('li', 'input');
  return (
    <Panel {...card} title="Passkeys" ref={keepFocus}>
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
    </Panel>
  );
}
