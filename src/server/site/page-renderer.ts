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
const isAnonymous = (state: PageState) => state.form === undefined && state.prefill === undefined;

/**
 * Renders a page with a form's state (docs/decisions/090): the page's shell (its pre-rendered
 * head, written by scripts/build.mjs to dist/shells) with the run-time config, the state as a
 * JSON data block (never executed: the content security policy is unchanged), and the body
 * React renders with it, the same code the browser hydrates with. The SSR bundle loads on
 * the first such page, so a server whose visitors all run JavaScript never loads it.
 */
export function pageRenderer(buildDir: string, runtime: RuntimeConfig) {
  let entry: Promise<ServerEntry> | undefined;
  const shells = new Map<string, Promise<string>>();
  const anonymous = new Map<string, Promise<string>>();

  const shell = (file: string) => {
    let loaded = shells.get(file);
    if (!loaded) {
      loaded = readFile(path.join(buildDir, 'shells', file), 'utf8').then((html) =>
        withRuntime(html, file, runtime),
      );
      shells.set(file, loaded);
    }
    return loaded;
  };

  const render = async (route: string, file: string, state: PageState) => {
    entry ??= import(pathToFileURL(path.join(buildDir, 'ssr', 'entry-server.js')).href);
    const [html, body] = await Promise.all([shell(file), (await entry).render(route, state)]);
    return html
      .replace('</head>', () => `${pageStateScript(state)}</head>`)
      .replace('<!--app-html-->', () => body);
  };

  return (route: string, file: string, state: PageState): Promise<string> => {
    if (!isAnonymous(state)) return render(route, file, state);
    const key = `${route} ${JSON.stringify(state)}`;
    let rendered = anonymous.get(key);
    if (!rendered) {
      rendered = render(route, file, state);
      rendered.catch(() => anonymous.delete(key));
      anonymous.set(key, rendered);
    }
    return rendered;
  };
}
