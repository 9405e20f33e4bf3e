import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileNameExists, fileNamesIn, pathsNamedIn, repoFiles, resolvesInRepo } from './repo-paths';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);
const DOCUMENTS = ['README.md', ...DOCS];
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The paths `document` names that lead nowhere. */
function missingPaths(document: string): string[] {
  return pathsNamedIn(read(document)).filter((path) => !resolvesInRepo(root, path));
}

describe('the README and docs/ name files that exist', () => {
  it('tells a path that exists from one that does not', () => {
    expect(
      pathsNamedIn('see `core/site-delivery.ts`, the stand-in (`infra/local/stripe/`).'),
    ).toEqual(['core/site-delivery.ts', 'infra/local/stripe/']);
    expect(
      pathsNamedIn("import x from '../../core/tables'; @core/routes; node_modules/.vite"),
    ).toEqual([]);
    const resolves = (path: string) => resolvesInRepo(root, path);
    expect(resolves('core/site-delivery.ts')).toBe(true);
    expect(resolves('core/site-delivery.tsx')).toBe(false);
    expect(resolves('infra/local/stripe/')).toBe(true);
    expect(resolves('infra/local/stack.ts/')).toBe(false);
    // A generated output, which git ignores.
    expect(resolves('web/dist/index.html')).toBe(true);
    // A placeholder names a family: at least two members.
    expect(resolves('lambdas/<api>/handler.ts')).toBe(true);
    expect(resolves('core/api/<api>-routes.ts')).toBe(true);
    expect(resolves('lambdas/<api>/routes.ts')).toBe(false);
  });

  it('finds every path the README names', () => {
    const named = pathsNamedIn(read('README.md'));
    // The README names dozens of paths: finding few means the reading broke.
    expect(named.length).toBeGreaterThan(40);
    expect(missingPaths('README.md')).toEqual([]);
  });

  it('finds every path the documents in docs/ name', () => {
    expect(DOCS).toEqual(expect.arrayContaining(['docs/spec.md', 'docs/architecture.md']));
    expect(DOCS.flatMap((doc) => missingPaths(doc).map((path) => `${doc}: ${path}`))).toEqual([]);
  });

  it('names files on their own (`growth.ts`) only if the repository has one of that name', () => {
    const files = repoFiles(root);
    expect(fileNameExists(files, 'compare-ratios.ts')).toBe(true);
    expect(fileNameExists(files, 'compare-ratio.ts')).toBe(false);
    const missing = DOCUMENTS.flatMap((doc) =>
      fileNamesIn(read(doc))
        .filter((name) => !fileNameExists(files, name))
        .map((name) => `${doc}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('links only to files of the repository', () => {
    const broken = DOCUMENTS.flatMap((doc) =>
      [...read(doc).matchAll(/\]\((?!https?:|#|mailto:)([^)#\s]+)/g)]
        .map((match) => join(dirname(doc), match[1]!))
        .filter((target) => target.startsWith('..') || !resolvesInRepo(root, target))
        .map((target) => `${doc}: ${target}`),
    );
    expect(broken).toEqual([]);
    // A path out of the repository is a file a clone does not have.
    expect(DOCUMENTS.filter((doc) => /(^|[\s`(])\.\.\//m.test(read(doc)))).toEqual([]);
  });
});
