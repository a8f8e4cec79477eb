// Loaded only on a form ALTCHA_FORMS names (spam-fields.tsx): the first-load budget holds.
// The "external" build keeps its styles and workers in files of their own, for the CSP.
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import type { AltchaGlobal } from 'altcha/types';
import { ALTCHA_CHALLENGE_PATH, ALTCHA_FIELD } from '@shared/spam-fields';

(globalThis as unknown as { $altcha: AltchaGlobal }).$altcha.algorithms.set(
  'PBKDF2/SHA-256',
  () => new Pbkdf2Worker(),
);

/** Puts an ALTCHA widget in `slot`; it starts its proof of work at once. */
export function mountAltcha(slot: HTMLElement): void {
  if (slot.querySelector('altcha-widget')) return;
  const widget = document.createElement('altcha-widget');
  widget.setAttribute('challenge', ALTCHA_CHALLENGE_PATH);
  widget.setAttribute('name', ALTCHA_FIELD);
  widget.setAttribute('auto', 'onload');
  widget.setAttribute('hidefooter', '');
  slot.append(widget);
}
