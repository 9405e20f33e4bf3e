import { describe, expect, it } from 'vitest';
import { SHARIAH_STANDARDS, type ShariahScreen, type ShariahVerdict } from './shariah';
import { shariahSideBySide } from './shariah-compare';

const screen = (overall: ShariahVerdict, aaoifi: ShariahVerdict): ShariahScreen =>
  ({
    overall,
    asOf: '2025-01-01',
    results: [{ standard: 'aaoifi', verdict: aaoifi }],
  }) as unknown as ShariahScreen;

describe('shariahSideBySide', () => {
  it('lists the overall verdict and each standard’s, per stock, in order', () => {
    const rows = shariahSideBySide([
      screen('compliant', 'compliant'),
      null,
      screen('non-compliant', 'questionable'),
    ]);
    expect(rows.map((r) => r.key)).toEqual(['overall', ...SHARIAH_STANDARDS]);
    expect(rows[0]!.verdicts).toEqual(['compliant', undefined, 'non-compliant']);
    expect(rows[1]!.verdicts).toEqual(['compliant', undefined, 'questionable']);
    expect(rows[2]!.verdicts).toEqual([undefined, undefined, undefined]);
  });

  it('adds the reviewer’s verdict when a stock has one', () => {
    const reviewed = {
      ...screen('non-compliant', 'non-compliant'),
      override: { verdict: 'compliant', reason: 'r', reviewedOn: '2025-01-01', reviewer: 'x' },
    } as ShariahScreen;
    const rows = shariahSideBySide([reviewed, screen('compliant', 'compliant')]);
    expect(rows.at(-1)).toEqual({
      key: 'reviewer',
      label: 'Reviewer’s verdict',
      verdicts: ['compliant', undefined],
    });
  });
});
