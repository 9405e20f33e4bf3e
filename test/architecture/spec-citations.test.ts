import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { projectTexts } from './source-texts';
import { numberedSections, sectionSigns, specCitations } from './spec-sections';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(`${root}/${path}`, 'utf8');
const sections = numberedSections(read('docs/spec.md'));
/** This file: its examples cite sections that do not exist, on purpose. */
const SELF = 'test/architecture/spec-citations.test.ts';

/** Where a citation does not lead to a section of docs/spec.md. */
const unresolved = (cited: { where: string; text: string }[]) =>
  cited.flatMap(({ where, text }) =>
    specCitations(text)
      .filter((section) => !sections.has(section))
      .map((section) => `${where}: §${section}`),
  );

describe('§ citations resolve to sections of docs/spec.md', () => {
  it('finds the specification numbered 1 to 9', () => {
    expect([...sections].filter((n) => !n.includes('.'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
  });

  it("reads a § as the specification's unless another document is named before it", () => {
    expect(specCitations('SPEC §3/§7: the statement kinds; §4, §9 and §2 Search box')).toEqual([
      '3',
      '7',
      '4',
      '9',
      '2',
    ]);
    expect(specCitations('RFC 5545 §3.1: folding; §3.3.11 TEXT')).toEqual([]);
    expect(specCitations('§9 limits (MSCI Islamic Index Series Methodology §2.2)')).toEqual(['9']);
    expect(unresolved([{ where: 'x', text: '§10 and §2.7' }])).toEqual(['x: §10', 'x: §2.7']);
  });

  it('every § of a comment or a string in the source cites a section that exists', () => {
    const texts = projectTexts(root, (source) => source.includes('§'));
    const cited = texts
      .filter(({ file }) => file !== SELF)
      .map(({ file, line, text }) => ({ where: `${file}:${line}`, text }));
    // Hundreds of comments cite the specification: finding few means the reading broke, not
    // that the citations went.
    expect(cited.reduce((n, { text }) => n + specCitations(text).length, 0)).toBeGreaterThan(400);
    expect(cited.reduce((n, { text }) => n + sectionSigns(text), 0)).toBeGreaterThan(400);
    expect(unresolved(cited)).toEqual([]);
  });

  it('so does every § of the README and the architecture document', () => {
    const paragraphs = ['README.md', 'docs/architecture.md'].flatMap((doc) =>
      read(doc)
        .split(/\n\s*\n/)
        .map((text) => ({ where: doc, text })),
    );
    expect(unresolved(paragraphs)).toEqual([]);
  });
});
