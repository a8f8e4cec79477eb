import { createContext, use } from 'react';
import { PAGE_STATE_ELEMENT_ID, PREFILL_COOKIE, type PageState } from '@shared/page-state';
import { session, sessionKeys, type SessionKey } from './session-keys';

/**
 * What the server rendered this page with (src/shared/page-state.ts): a form posted without
 * JavaScript coming back, or an earlier form's prefill. Empty for pre-rendered pages.
 */
export const PageStateContext = createContext<PageState>({});

export const usePageState = (): PageState => use(PageStateContext);

const isSessionKey = (key: string): key is SessionKey => Object.hasOwn(sessionKeys, key);

/**
 * Reads the page's state block once, before hydration, and moves its prefill into session
 * storage as the JS flow would have left it, deleting the cookie that carried it (so later
 * pages are the pre-rendered ones again).
 */
export function takePageState(): PageState {
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return {};
  let state: PageState;
  try {
    state = JSON.parse(element.textContent) as PageState;
  } catch {
    return {};
  }
  for (const [key, value] of Object.entries(state.prefill ?? {})) {
    if (isSessionKey(key)) session.set(key, value);
  }
  if (state.prefill) document.cookie = `${PREFILL_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  return state;
}
