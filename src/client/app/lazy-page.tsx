import { lazy, type ComponentType } from 'react';

type PageModule = { default: ComponentType };

export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the page's code; awaited before hydration and pre-rendering so nothing suspends. */
  preload: () => Promise<void>;
}

/** A code-split page; once preloaded it renders synchronously, so hydration needs no fallback. */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let Loaded: ComponentType | undefined;
  const preload = async () => {
    Loaded ??= (await load()).default;
  };
  const Suspending = lazy(async () => {
    await preload();
    return { default: Loaded as ComponentType };
  });
  const Page = () => (Loaded ? <Loaded /> : <Suspending />);
  Page.preload = preload;
  return Page;
}
