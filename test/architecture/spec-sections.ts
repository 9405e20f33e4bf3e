/**
 * "§N" citations of the product specification (docs/spec.md) in prose, and the sections the
 * specification has. Other documents are cited with "§" too (RFC 5545 §3.1, the MSCI methodology
 * §2.2): a "§" that follows the name of such a document in the same text is that document's.
 */

/** What names a document other than the specification: a "§" after it in one text is its. */
const OTHER_DOCUMENT = /\bRFC\s*\d+|\bMethodology\b|\bISO\s*\d+/i;

/** A section sign and a section number, dotted or not; each of a list ("§3/§7") on its own. */
const CITATION = /§\s?(\d+(?:\.\d+)*)/g;

/** The specification's section numbers cited in `text`, with the others' left out. */
export function specCitations(text: string): string[] {
  const other = OTHER_DOCUMENT.exec(text);
  const own = other ? text.slice(0, other.index) : text;
  return [...own.matchAll(CITATION)].map((match) => match[1]!);
}

/** How many "§" a text holds in all, the specification's or not. */
export const sectionSigns = (text: string): number => text.split('§').length - 1;

/** The numbered headings of a Markdown document: "## 2. Screens" and "### 2.1 Routes" give 2, 2.1. */
export function numberedSections(markdown: string): Set<string> {
  const headings = markdown.matchAll(/^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/gm);
  return new Set([...headings].map((match) => match[1]!));
}
