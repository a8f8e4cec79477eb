import { useEffect, useRef } from 'react';
import { ALTCHA_FIELD, formOfEndpoint, HONEYPOT_FIELD } from '@shared/spam-fields';
import { readRuntimeConfig } from '../../lib/runtime-config';

/** Spam defence: an off-screen, hidden honeypot, and ALTCHA on ALTCHA_FORMS. */
export function SpamFields() {
  const slot = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const element = slot.current;
    const action = element?.closest('form')?.getAttribute('action');
    if (!element || !action) return;
    const form = formOfEndpoint[new URL(action, window.location.href).pathname];
    if (!form || !readRuntimeConfig().altchaForms?.includes(form)) return;
    void import('./altcha-widget').then(({ mountAltcha }) => mountAltcha(element));
  }, []);
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <span ref={slot} className="empty:hidden sm:col-span-2" />
    </>
  );
}

/** The spam fields beside a payload: a typed honeypot, and the ALTCHA solution (awaited). */
export async function spamFieldsOf(target: unknown): Promise<Record<string, string>> {
  if (!(target instanceof HTMLFormElement)) return {};
  const valueOf = (name: string) => {
    const input = target.elements.namedItem(name);
    return input instanceof HTMLInputElement ? input.value : '';
  };
  const widget = target.querySelector<HTMLElement & { verify?: () => Promise<unknown> }>(
    'altcha-widget',
  );
  if (widget && !valueOf(ALTCHA_FIELD)) await widget.verify?.();
  const fields = [HONEYPOT_FIELD, ALTCHA_FIELD].map((name) => [name, valueOf(name)]);
  return Object.fromEntries(fields.filter(([, value]) => value));
}
