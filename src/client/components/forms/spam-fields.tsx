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
  const extras: Record<string, string> = {};
  const honeypot = target.elements.namedItem(HONEYPOT_FIELD);
  if (honeypot instanceof HTMLInputElement && honeypot.value)
    extras[HONEYPOT_FIELD] = honeypot.value;
  const widget = target.querySelector<HTMLElement & { verify?: () => Promise<unknown> }>(
    'altcha-widget',
  );
  if (widget) {
    const solution = () => target.elements.namedItem(ALTCHA_FIELD);
    const current = solution();
    if (!(current instanceof HTMLInputElement && current.value)) await widget.verify?.();
    const solved = solution();
    if (solved instanceof HTMLInputElement && solved.value) extras[ALTCHA_FIELD] = solved.value;
  }
  return extras;
}
