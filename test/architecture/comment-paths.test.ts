import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { pathsNamedIn, resolvesInRepo } from './repo-paths';
import { projectTexts, type SourceText } from './source-texts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Headings of a Markdown document, as a citation ("docs/architecture.md, Folders") names them. */
const headingsOf = (path: string) =>
  new Set(
    [...readFileSync(join(root, path), 'utf8').matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => m[1]!),
  );

/** "docs/architecture.md, Folders": the document and the heading named after it. */
const SECTION_CITATION = /\b(docs\/[\w-]+\.md), ([A-Z][\w/ ]*?)(?=[).:;,]|$)/gm;

describe('comments name files that exist', () => {
  let texts: SourceText[];
  beforeAll(() => {
    // Only files naming a path somewhere are parsed: most name none.
    texts = projectTexts(root, (source) => pathsNamedIn(source).length > 0);
  });

  it('finds every repository path a comment names', () => {
    const named = texts
      .filter(({ kind }) => kind === 'comment')
      .flatMap(({ file, line, text }) =>
        pathsNamedIn(text).map((path) => ({ where: `${file}:${line}`, path })),
      );
    // Comments name a couple of hundred paths: finding few means the reading broke.
    expect(named.length).toBeGreaterThan(150);
    const missing = named.filter(({ path }) => !resolvesInRepo(root, path));
    expect(missing.map(({ where, path }) => `${where}: ${path}`)).toEqual([]);
  });

  it('cites sections of docs/ by headings the documents have', () => {
    const cited = texts.flatMap(({ file, line, text }) =>
      [...text.matchAll(SECTION_CITATION)].map((m) => ({
        where: `${file}:${line}`,
        doc: m[1]!,
        heading: m[2]!,
      })),
    );
    // ESLint's import-boundary messages cite docs/architecture.md, Folders.
    expect(cited.map(({ where }) => where)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^eslint\.config\.js:/)]),
    );
    const missing = cited.filter(
      ({ doc, heading }) => !resolvesInRepo(root, doc) || !headingsOf(doc).has(heading),
    );
    expect(missing.map(({ where, doc, heading }) => `${where}: ${doc}, ${heading}`)).toEqual([]);
  });
});
