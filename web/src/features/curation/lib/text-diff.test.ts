import { describe, expect, it } from 'vitest';
import { textDiff } from './text-diff';

describe('textDiff', () => {
  it('marks removed and added words and keeps the shared ones', () => {
    const parts = textDiff('Acme makes anvils.', 'Acme makes rockets.');
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['anvils']);
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual(['rockets']);
    // Read in order, the shared and removed parts are the old text, shared and added the new.
    const join = (keep: 'removed' | 'added') =>
      parts
        .filter((p) => p.kind !== (keep === 'added' ? 'removed' : 'added'))
        .map((p) => p.text)
        .join('');
    expect(join('removed')).toBe('Acme makes anvils.');
    expect(join('added')).toBe('Acme makes rockets.');
  });

  it('is one shared part for equal texts and one added part from nothing', () => {
    expect(textDiff('Same.', 'Same.')).toEqual([{ kind: 'same', text: 'Same.' }]);
    expect(textDiff('', 'New.')).toEqual([{ kind: 'added', text: 'New.' }]);
  });
});
