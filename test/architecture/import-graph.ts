import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The repository's own imports, read with TypeScript's parser: which file imports which, and
 * whether only for types (esbuild erases those, so they put no code in a bundle).
 */

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Import {
  /** The specifier as written ('./compose', '../../lambdas/asset/app'). */
  readonly specifier: string;
  /** The repository file it names (repository-relative), or undefined for a package. */
  readonly file: string | undefined;
  /** Nothing of it is imported but types. */
  readonly typeOnly: boolean;
  /** The names imported as values ('*' for a namespace or a dynamic import). */
  readonly values: readonly string[];
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path);
const segments = (path: string) => path.split('/');

/** Whether a file is test support: in a testing/ folder. */
export const inTestingFolder = (path: string) => segments(path).includes('testing');

/** The TypeScript sources under a folder (repository-relative), tests left out. */
export function sourcesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .filter((path) => !isTest(path))
    .sort();
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(ROOT, dirname(from), specifier);
  const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ending) => base + ending)
    .find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  if (!found) throw new Error(`${from}: cannot resolve '${specifier}'`);
  return relative(ROOT, found);
}

const cache = new Map<string, readonly Import[]>();

/** Every import and re-export of a file, static and dynamic. */
export function importsOf(path: string): readonly Import[] {
  const known = cache.get(path);
  if (known) return known;
  const source = ts.createSourceFile(
    path,
    readFileSync(join(ROOT, path), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean, values: readonly string[]) =>
    found.push({ specifier, file: resolveSpecifier(path, specifier), typeOnly, values });

  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const values: string[] = [];
      if (!clause)
        values.push('*'); // a side-effect import runs the module
      else if (!clause.isTypeOnly) {
        if (clause.name) values.push('default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) values.push('*');
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            if (!element.isTypeOnly) values.push((element.propertyName ?? element.name).text);
          }
        }
      }
      add(node.moduleSpecifier.text, values.length === 0, values);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) {
        const named = node.exportClause && ts.isNamedExports(node.exportClause);
        const values = node.isTypeOnly
          ? []
          : named
            ? (node.exportClause as ts.NamedExports).elements
                .filter((element) => !element.isTypeOnly)
                .map((element) => (element.propertyName ?? element.name).text)
            : ['*'];
        add(node.moduleSpecifier.text, values.length === 0, values);
      }
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false, ['*']);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  cache.set(path, found);
  return found;
}

/** The repository files reachable from the given ones through their imports (types included). */
export function reachableFrom(entries: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...entries];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (reached.has(path)) continue;
    reached.add(path);
    for (const { file } of importsOf(path)) if (file && /\.tsx?$/.test(file)) pending.push(file);
  }
  return reached;
}

/**
 * The handler modules infra/aws bundles into Lambda functions (each function's `entry`), read
 * from the CDK code itself so a new function is covered without editing the tests.
 */
export function deployedEntries(): string[] {
  const entries = new Set<string>();
  for (const path of sourcesUnder('infra/aws')) {
    const text = readFileSync(join(ROOT, path), 'utf8');
    for (const [, entry] of text.matchAll(/['"`](lambdas\/[\w./-]+\.ts)['"`]/g)) {
      entries.add(entry!);
    }
  }
  return [...entries].sort();
}
