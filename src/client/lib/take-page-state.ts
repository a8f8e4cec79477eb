import type { PageState } from '@shared/page-state';
import { PREFILL_COOKIE, PREFILL_KEYS } from '@shared/prefill-cookie';
import { preloadLazyForms } from '../components/forms/lazy-form';
import { setPageState } from './page-state';
import { session, type SessionKey } from './session-keys';

const isSessionKey = (key: string): key is SessionKey => PREFILL_KEYS.includes(key);

/**
 * Reads the page's state block (written by the server, src/shared/page-state.ts) before
 * hydration, and moves its prefill into session storage as the JS flow would have left it,
 * deleting the cookie that carried it (so later pages are the pre-rendered ones again).
 * The page's form code loads before it hydrates: its forms hydrate with the page, not on
 * first use, so no update (a tab switch) can reach a form still server HTML and throw away
 * what was typed into it (lazy-form.tsx).
 */
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
