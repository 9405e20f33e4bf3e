import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ROUTES } from '../../core/routes';

/**
 * Finds API paths written out as string literals: the SPA must call its APIs through their
 * contracts (core/api/<api>.ts) with web/src/lib/contract-client.ts, so a renamed path cannot
 * leave a caller behind.
 */

export interface ApiPaths {
  /** Where each API is mounted ('/api/asset') and stand-alone endpoints ('/graphql'). */
  readonly prefixes: readonly string[];
  /** Endpoint paths relative to their API's prefix, as the contract writes them. */
  readonly paths: readonly string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Every API path the contracts in core/api declare: each module's exports that are API contracts
 * (a prefix and endpoints) or stand-alone endpoints (a path and an auth mode, like GraphQL's).
 * Read from the modules themselves, so a new API or endpoint is covered without editing this.
 */
export async function contractPaths(apiDir: string): Promise<ApiPaths> {
  const prefixes = new Set<string>();
  const paths = new Set<string>();
  const files = (await readdir(apiDir)).filter((f) => f.endsWith('.ts') && !f.includes('.test.'));
  for (const file of files) {
    const module = (await import(join(apiDir, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!isRecord(value)) continue;
      if (typeof value.prefix === 'string' && isRecord(value.endpoints)) {
        prefixes.add(value.prefix);
        for (const endpoint of Object.values(value.endpoints)) {
          if (isRecord(endpoint) && typeof endpoint.path === 'string') paths.add(endpoint.path);
        }
      } else if (typeof value.path === 'string' && typeof value.auth === 'string') {
        prefixes.add(value.path);
      }
    }
  }
  return { prefixes: [...prefixes], paths: [...paths] };
}

/** The SPA's own routes (core/routes.ts) are page addresses, never API paths. */
const SPA_ROUTES: ReadonlySet<string> = new Set(ROUTES.map((route) => route.path));

/** A path's part before its first {parameter}: '/stocks/quote/{symbol}' → '/stocks/quote/'. */
const staticHead = (path: string) => path.split('{')[0]!;

/**
 * Whether a literal (or one piece of a template literal) writes an API path: it holds an API's
 * prefix, or it is an endpoint path — whole, with a query, or its fixed part before a parameter
 * (what `${'/stocks/quote'}/${symbol}` or `'/listUsers?' + query` would be built from).
 */
export function isApiPathLiteral(text: string, api: ApiPaths): boolean {
  if (SPA_ROUTES.has(text)) return false;
  if (api.prefixes.some((prefix) => text.includes(prefix))) return true;
  return api.paths.some((path) => {
    const head = staticHead(path);
    const bare = head.endsWith('/') ? head.slice(0, -1) : head;
    return (
      text === path ||
      text === bare ||
      text.startsWith(`${path}?`) ||
      (head !== path && text.startsWith(head))
    );
  });
}

export interface Finding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** `from '@core/api/asset'`, `import('…')`: the name of a module, not a request path. */
const isModuleSpecifier = (node: ts.Node): boolean => {
  const parent = node.parent;
  return (
    ts.isStringLiteral(node) &&
    (ts.isImportDeclaration(parent) ||
      ts.isExportDeclaration(parent) ||
      ts.isExternalModuleReference(parent) ||
      (ts.isLiteralTypeNode(parent) && ts.isImportTypeNode(parent.parent)) ||
      (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword))
  );
};

/** The texts of a source's string and template literals (not module names), with their lines. */
export function literalsOf(fileName: string, source: string): { line: number; text: string }[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: { line: number; text: string }[] = [];
  const add = (node: ts.Node, text: string) =>
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
  const visit = (node: ts.Node): void => {
    if (isModuleSpecifier(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text);
    else if (ts.isTemplateExpression(node)) {
      add(node.head, node.head.text);
      for (const span of node.templateSpans) add(span.literal, span.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Tests and their scaffolding may spell paths out: they pin what goes over the wire. */
const isTestCode = (path: string) =>
  /\.test\.tsx?$/.test(path) ||
  path.split(/[\\/]/).includes('testing') ||
  /(^|[\\/])test-(setup|utils)\.tsx?$/.test(path);

async function sourcesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** API path literals in the product code under `root`, except in the files `allowed`. */
export async function findApiPathLiterals(
  root: string,
  api: ApiPaths,
  allowed: readonly string[],
): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const path of await sourcesUnder(root)) {
    const file = relative(root, path);
    if (isTestCode(file) || allowed.includes(file)) continue;
    for (const { line, text } of literalsOf(path, await readFile(path, 'utf8'))) {
      if (isApiPathLiteral(text, api)) findings.push({ file, line, text });
    }
  }
  return findings;
}
