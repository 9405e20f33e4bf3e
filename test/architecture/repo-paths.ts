import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Paths of this repository as prose names them ("see `lambdas/asset/handler.ts`"), and whether
 * they lead anywhere. A newcomer follows these names to find the code; one that names a moved or
 * deleted file sends them nowhere.
 */

/** The folders a repository path starts with. */
export const TOP_FOLDERS = [
  'core',
  'lambdas',
  'infra',
  'bin',
  'web',
  'test',
  'bench',
  'docs',
  '.ci',
];

/**
 * `core/api/<api>.ts`, `lambdas/alerts`, `web/src/features/<feature>/`: a top folder, then path
 * characters. Not inside another path or a module specifier (`../../core/x`, `@core/x`), and not
 * a word that merely ends like one (`spec/core`).
 */
const TOP = TOP_FOLDERS.map((folder) => folder.replace('.', '\\.')).join('|');
const PATH = new RegExp(String.raw`(?<![\w@./~-])(?:\./)?((?:${TOP})/[\w.<>{}*/-]*)`, 'g');

/** Every repository path named in `text`, sentence punctuation after it left out. */
export function pathsNamedIn(text: string): string[] {
  return [...text.matchAll(PATH)].map((match) => match[1]!.replace(/[.]+$/, ''));
}

/**
 * A file name on its own, with a source extension (`growth.ts`, `<api>-routes.ts`): prose that
 * names a file relative to a path given just before. Files the product serves (`config.json`,
 * `index.html`) are not source files, and `.js` names libraries (`fuse.js`, `Node.js`) more often
 * than files here: both are left out.
 */
const FILE_NAME = /(?<![\w@./<>{}*-])([\w<>{}*-]+(?:\.[\w-]+)*\.(?:ts|tsx|graphql))(?![\w/])/g;

export function fileNamesIn(text: string): string[] {
  return [...text.matchAll(FILE_NAME)].map((match) => match[1]!);
}

/**
 * Whether `.gitignore` covers a repository-relative path: generated outputs (`web/dist`,
 * `bench/results.json`) are named by prose but never committed. Understands the forms the file
 * uses — a name anywhere (`node_modules/`), a path from the root (`web/dist/`), `*.ext` — and
 * refuses any other, so a new pattern cannot silently be misread.
 */
export function ignoredByGit(root: string): (path: string) => boolean {
  let ignored = ignoreRules.get(root);
  if (!ignored) ignoreRules.set(root, (ignored = readIgnoreRules(root)));
  return ignored;
}

const ignoreRules = new Map<string, (path: string) => boolean>();

function readIgnoreRules(root: string): (path: string) => boolean {
  const patterns = readFileSync(join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const tests = patterns.map((pattern): ((path: string) => boolean) => {
    const bare = pattern.replace(/\/$/, '');
    if (/^\*\.[\w.]+$/.test(bare)) return (path) => path.endsWith(bare.slice(1));
    if (/[*?[\]!]/.test(bare)) throw new Error(`.gitignore pattern not understood: ${pattern}`);
    if (!bare.includes('/')) return (path) => path.split('/').includes(bare);
    const fromRoot = bare.replace(/^\//, '');
    return (path) => path === fromRoot || path.startsWith(`${fromRoot}/`);
  });
  return (path) => tests.some((test) => test(path.replace(/\/$/, '')));
}

/** `<api>`, `{symbol}` and `*` stand for any text within one path segment. */
const PLACEHOLDER = /<[^<>/]*>|\{[^{}/]*\}|\*/g;
const HAS_PLACEHOLDER = /<[^<>/]*>|\{[^{}/]*\}|\*/;

const segmentPattern = (segment: string): RegExp => {
  const parts = segment.split(PLACEHOLDER).map((part) => part.replace(/[.+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}$`);
};

const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory();

/** Module names in comments leave the extension out: `core/permissions` is core/permissions.ts. */
const MODULE_SUFFIXES = ['', '.ts', '.tsx', '.js', '.test.ts', '.test.tsx'];

/**
 * Whether a named path leads somewhere: it exists (a trailing `/` asks for a folder), or it is a
 * generated output git ignores. A path with placeholders names a family of files
 * (`lambdas/<api>/handler.ts`), so at least two must match: a family of one is a name whose
 * members have gone, matched by chance by some other file that happens to share the name.
 */
export function resolvesInRepo(root: string, named: string): boolean {
  const ignored = ignoredByGit(root);
  const wantsFolder = named.endsWith('/');
  const segments = named.replace(/\/+$/, '').split('/');
  if (ignored(named)) return true;

  let candidates = [root];
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    const pattern = segmentPattern(segment);
    candidates = candidates.flatMap((dir) => {
      if (!isDirectory(dir)) return [];
      return readdirSync(dir)
        .filter((name) =>
          last && !wantsFolder
            ? MODULE_SUFFIXES.some(
                (suffix) =>
                  name.endsWith(suffix) && pattern.test(name.slice(0, name.length - suffix.length)),
              )
            : pattern.test(name),
        )
        .map((name) => join(dir, name));
    });
  }
  const found = wantsFolder ? candidates.filter(isDirectory) : candidates;
  return found.length >= (HAS_PLACEHOLDER.test(named) ? 2 : 1);
}

/**
 * Every file of the repository, repository-relative, outside `.git` and what git ignores (never
 * walked into: node_modules alone holds more files than the project).
 */
export function repoFiles(root: string, under = ''): string[] {
  const ignored = ignoredByGit(root);
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.name === '.git' || ignored(path)) return [];
      if (entry.isDirectory()) return walk(path);
      return entry.isFile() ? [path] : [];
    });
  return walk(under);
}

/** Whether a file name given on its own (placeholders allowed) names a file of `files`. */
export const fileNameExists = (files: readonly string[], named: string): boolean => {
  const pattern = segmentPattern(named);
  return files.some((file) => pattern.test(file.slice(file.lastIndexOf('/') + 1)));
};
