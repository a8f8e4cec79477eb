import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The lead context's one public module stays narrow (issue 39, decision 145): at most 25 names,
 * types and namespaces included. Read with TypeScript's parser, as written.
 */

const INDEX = path.resolve(import.meta.dirname, '..', '..', 'src', 'server', 'leads', 'index.ts');

/** The names `file` exports: each specifier of `export { … }`, each `export * as name`. */
function exportedNames(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (!ts.isExportDeclaration(statement) || !statement.exportClause) return [];
    const clause = statement.exportClause;
    return ts.isNamespaceExport(clause)
      ? [clause.name.text]
      : clause.elements.map((element) => element.name.text);
  });
}

describe('the lead context', () => {
  it('exports at most 25 names from leads/index.ts, and no `export *` without a name', () => {
    const source = readFileSync(INDEX, 'utf8');
    expect(source).not.toMatch(/export \* from/);
    const names = exportedNames(INDEX);
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThanOrEqual(25);
  });
});
