import { diffWords } from 'diff';

/** One run of a before→after diff: text both share, or text removed or added. */
export interface DiffPart {
  readonly kind: 'same' | 'removed' | 'added';
  readonly text: string;
}

/**
 * The change between two versions of a text, word by word (jsdiff's diffWords): what a reviewer
 * reads in the history, without markup (the parts are rendered as text).
 */
export function textDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}
