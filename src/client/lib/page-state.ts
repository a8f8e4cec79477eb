import { useLocation } from 'react-router';
import type { PageState } from '@shared/page-state';

let rendered: { path: string; state: PageState } = { path: '', state: {} };

/** Sets the state the server rendered `path` with: before hydrating, before server rendering. */
export function setPageState(path: string, state: PageState): void {
  rendered = { path, state };
}

/** The shown page's server state (a returned form, a prefill); empty once the visitor moves on. */
export function usePageState(): PageState {
  return useLocation().pathname === rendered.path ? rendered.state : {};
}
