import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHARIAH_STANDARD,
  preferredShariahStandard,
  verdictStandardText,
} from './shariah-preference';

describe('the Shariah standard preference', () => {
  it('is the record’s choice, else AAOIFI', () => {
    expect(DEFAULT_SHARIAH_STANDARD).toBe('aaoifi');
    expect(preferredShariahStandard({ shariahStandard: 'ftse' })).toBe('ftse');
    expect(preferredShariahStandard({})).toBe('aaoifi');
    expect(preferredShariahStandard(null)).toBe('aaoifi');
  });

  it('says which standard a list shows and where it comes from', () => {
    expect(verdictStandardText('ftse', 'chosen')).toBe(
      'Shariah verdicts under FTSE Shariah, your standard (change it on your profile).',
    );
    expect(verdictStandardText('aaoifi', 'default')).toMatch(
      /^Shariah verdicts under AAOIFI, the default standard/,
    );
    expect(verdictStandardText('aaoifi', 'visitor')).toMatch(/signed in, you can choose yours/);
  });
});
