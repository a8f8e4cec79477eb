import { useLocation } from 'react-router';
import type { PageState } from '@shared/page-state';

let rendered: { path: string; state: PageState } = { path: '', state: {} };

/**
 * Sets what the server rendered the page at `path` with (src/shared/page-state.ts): before
 * hydrating in the browser (take-page-state.ts), before rendering on the server.
 */
export function setPageState(path: string, state: PageState): void {
  rendered = { path, state };
}

/**
 * The state of the page being shown: a form posted without JavaScript coming back, or an
 * earlier form's prefill. Empty on pre-rendered pages, and once the visitor has moved on to
 * another page in the app.
 */
export function usePageState(): PageState {
  return useLocation().pathname === rendered.path ? rendered.state : {};
}
