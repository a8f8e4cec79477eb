import { createContext, use } from 'react';
import type { PageState } from '@shared/page-state';

/**
 * What the server rendered this page with (src/shared/page-state.ts): a form posted without
 * JavaScript coming back, or an earlier form's prefill. Empty for pre-rendered pages; the
 * browser reads it with take-page-state.ts before hydrating.
 */
export const PageStateContext = createContext<PageState>({});

export const usePageState = (): PageState => use(PageStateContext);
