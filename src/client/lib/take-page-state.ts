import { PREFILL_COOKIE, type PageState } from '@shared/page-state';
import { session, sessionKeys, type SessionKey } from './session-keys';

const isSessionKey = (key: string): key is SessionKey => Object.hasOwn(sessionKeys, key);

/**
 * Reads the page's state block (written by the server, src/shared/page-state.ts) before
 * hydration, and moves its prefill into session storage as the JS flow would have left it,
 * deleting the cookie that carried it (so later pages are the pre-rendered ones again).
 */
export function takePageState(element: HTMLElement): PageState {
  let state: PageState;
  try {
    state = JSON.parse(element.textContent ?? '') as PageState;
  } catch {
    return {};
  }
  for (const [key, value] of Object.entries(state.prefill ?? {})) {
    if (isSessionKey(key)) session.set(key, value);
  }
  if (state.prefill) document.cookie = `${PREFILL_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  return state;
}
