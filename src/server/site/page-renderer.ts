import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageStateScript, type PageState } from '@shared/page-state';
import type { RuntimeConfig } from '@shared/runtime-config';
import { withRuntime } from './page-set';

/** What the SSR bundle (dist/ssr/entry-server.js, src/client/entry-server.tsx) exports. */
interface ServerEntry {
  render(pathname: string, state?: PageState): Promise<string>;
}

/** States that say nothing about a visitor (/contact?userType=...) render once, then repeat. */
const isAnonymous = (state: PageState) =>
  state.form === undefined && state.prefill === undefined && state.status?.kind !== 'leads';

/** `load()` once per key; a failure is not kept: the next request tries again. */
function once<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let loaded = cache.get(key);
  if (!loaded) {
    loaded = load();
    loaded.catch(() => cache.delete(key));
    cache.set(key, loaded);
  }
  return loaded;
}

/** A page with a form's state (decision 090); a failure rejects for the request's 500. */
export function pageRenderer(buildDir: string, runtime: RuntimeConfig) {
  const entries = new Map<string, Promise<ServerEntry>>();
  const shells = new Map<string, Promise<string>>();
  const anonymous = new Map<string, Promise<string>>();

  const entryFile = path.join(buildDir, 'ssr', 'entry-server.js');
  const entry = () => once(entries, entryFile, () => import(pathToFileURL(entryFile).href));
  const shell = (file: string) =>
    once(shells, file, async () =>
      withRuntime(await readFile(path.join(buildDir, 'shells', file), 'utf8'), file, runtime),
    );

  const render = async (route: string, file: string, state: PageState) => {
    // Both awaited together: neither rejects unwatched while the other is pending.
    const [html, ssr] = await Promise.all([shell(file), entry()]);
    const body = await ssr.render(route, state);
    return html
      .replace('</head>', () => `${pageStateScript(state)}</head>`)
      .replace('<!--app-html-->', () => body);
  };

  return (route: string, file: string, state: PageState): Promise<string> => {
    if (!isAnonymous(state)) return render(route, file, state);
    return once(anonymous, `${route} ${JSON.stringify(state)}`, () => render(route, file, state));
  };
}
