import type { PageState } from '@shared/page-state';
import { PREFILL_COOKIE, PREFILL_KEYS } from '@shared/prefill-cookie';
import { preloadLazyForms } from '../components/forms/lazy-form';
import { setPageState } from './page-state';
import { session, type SessionKey } from './session-keys';

const isSessionKey = (key: string): key is SessionKey => PREFILL_KEYS.includes(key);

/** Reads the server's state block, moves its prefill into session storage; forms load first. */
export async function takePageState(element: HTMLElement): Promise<void> {
  let state: PageState;
  try {
    state = JSON.parse(element.textContent ?? '') as PageState;
  } catch {
    return;
  }
  setPageState(window.location.pathname, state);
  for (const [key, value] of Object.entries(state.prefill ?? {})) {
    if (isSessionKey(key)) session.set(key, value);
  }
  if (state.prefill) document.cookie = `${PREFILL_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  await preloadLazyForms();
}
