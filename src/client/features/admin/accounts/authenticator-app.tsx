import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Copy, Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { errorText, saveFile } from '../api/http';
import { startTotp, useConfirmTotp, useNewRecoveryCodes, useRemoveTotp } from '../api/factors';
import { card, OneFieldForm } from './one-field-form';
import { Panel } from '../ui/panel';
import { useKeepFocus } from '../ui/keep-focus';

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const download = () => saveFile(text, 'text/plain', 'talent-bridge-recovery-codes.txt');
  // New codes take the focus (a screen reader reads them), the button that asked for them kept.
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => region.current?.focus(), [codes]);
  return (
    <div
      ref={region}
      role="region"
      aria-label="Recovery codes"
      tabIndex={-1}
      className="grid gap-3"
    >
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
          variant="outline"
          size="sm"
          onClick={() => void navigator.clipboard?.writeText(text)}
        >
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Download className="size-4" aria-hidden="true" />
          Download
        </Button>
        <Button variant="dark" size="sm" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </div>
  );
}

export function AuthenticatorApp({ on, codesLeft }: { on: boolean; codesLeft: number }) {
  const start = useMutation({ mutationFn: startTotp });
  const enrolment = start.data;
  const [codes, setCodes] = useState<string[] | null>(null);
  const confirm = useConfirmTotp((recoveryCodes) => {
    start.reset();
    setCodes(recoveryCodes);
  });
  const remove = useRemoveTotp();
  const regenerate = useNewRecoveryCodes(setCodes);
  // Each step replaces the pressed button: the focus goes to the next step's text, else button.
  const keepFocus = useKeepFocus('li', '[tabindex="-1"], button');
  return (
    <Panel {...card} title="Authenticator app" ref={keepFocus}>
      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
      {on ? (
        <>
          <p className="text-slate-700">
            On. {codesLeft} recovery code{codesLeft === 1 ? '' : 's'} left.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => regenerate.mutate()}>
              New recovery codes
            </Button>
            <Button variant="outline" onClick={() => remove.mutate()}>
              Remove the authenticator app
            </Button>
          </div>
        </>
      ) : enrolment ? (
        <div className="grid gap-3">
          <p tabIndex={-1} className="text-slate-700">
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
          <Button variant="outline" onClick={() => start.mutate()} aria-disabled={start.isPending}>
            Set up an authenticator app
          </Button>
          {start.isError ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {errorText(start.error)}
            </p>
          ) : null}
        </div>
      )}
    </Panel>
  );
}
