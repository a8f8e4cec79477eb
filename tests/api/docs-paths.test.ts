import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every repository path the README and the documents in docs/ name exists: a path that starts
 * with one of the repository's folders (in backticks or not), a relative link, and any other
 * path to a source file in backticks, which must then be written from the repository's root,
 * so that a newcomer can open it and this test can check it.
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const REPO_FOLDERS = ['src', 'scripts', 'bench', 'tests', 'deploy', 'docs', 'public', '.ci'];
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js|css|json|sql)$/;
// A backticked path that starts with one of these folders is read from src/server or src/client.
const SERVER_FOLDERS = readdirSync(path.join(root, 'src/server'));
const CLIENT_FOLDERS = ['app', 'components', 'features', 'lib'];
// Not in the repository: the build's output, installed packages, the product specification.
const ELSEWHERE = /^(dist|node_modules|bench-results)\//;

function markdownFiles(): string[] {
  const files = ['README.md'];
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = path.posix.join(folder, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) files.push(relative);
    }
  };
  walk('docs');
  return files;
}

/** The paths a piece of markdown names: repository paths, backticked files, relative links. */
function namedPaths(markdown: string, file: string): string[] {
  const named: string[] = [];
  const folders = REPO_FOLDERS.map((folder) => folder.replace('.', '\\.')).join('|');
  const repoPath = new RegExp(`(?<![\\w./@-])(?:${folders})/[\\w./*{},<>@-]*`, 'g');
  for (const [found] of markdown.matchAll(repoPath)) named.push(found.replace(/[.,;:]+$/, ''));
  for (const [, token] of markdown.matchAll(/`([^`\s]+)`/g)) {
    const candidate = token!.replace(/[.,;:]$/, '');
    const first = candidate.split('/')[0]!;
    if (!candidate.includes('/') || ELSEWHERE.test(candidate)) continue;
    if (SERVER_FOLDERS.includes(first)) named.push(`src/server/${candidate}`);
    else if (CLIENT_FOLDERS.includes(first)) named.push(`src/client/${candidate}`);
    else if (REPO_FOLDERS.includes(first) || SOURCE_FILE.test(candidate)) named.push(candidate);
  }
  for (const [, target] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    const link = target!.split('#')[0]!;
    if (!link || /^[a-z]+:/.test(link) || link.startsWith('/')) continue;
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), link));
    if (!resolved.startsWith('..')) named.push(resolved);
  }
  return [...new Set(named)];
}

/** Whether a named path exists; `{a,b}` names each of a and b, and `*` or `<…>` any name. */
function exists(named: string): boolean {
  const braces = /\{([^}]*)\}/.exec(named);
  if (braces) {
    return braces[1]!.split(',').every((choice) => exists(named.replace(braces[0], choice)));
  }
  const wildcard = named.search(/[*<]/);
  const fixed = wildcard === -1 ? named : named.slice(0, named.lastIndexOf('/', wildcard) + 1);
  return existsSync(path.join(root, fixed));
}

describe('paths named in the documentation', () => {
  for (const file of markdownFiles()) {
    it(`${file} names only paths that exist`, () => {
      const missing = namedPaths(readFileSync(path.join(root, file), 'utf8'), file).filter(
        (named) => !exists(named),
      );
      expect(missing).toEqual([]);
    });
  }
});
