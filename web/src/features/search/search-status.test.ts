import { describe, expect, it } from 'vitest';
import { searchStatus } from './search-status';

describe('searchStatus (SPEC §2 dropdown texts)', () => {
  const ready = { list: 'ready', size: 70_123, term: '', total: 0 } as const;

  it("says 'Loading stocks...' while the list loads, whatever was typed", () => {
    expect(searchStatus({ ...ready, list: 'loading', term: 'ac' })).toEqual({
      text: 'Loading stocks...',
      visible: true,
    });
  });

  it('counts the stocks while nothing is typed', () => {
    expect(searchStatus({ ...ready, term: '  ' }).text).toBe(
      '70,123 stocks available - start typing to search',
    );
  });

  it('names the trimmed term when nothing matches', () => {
    expect(searchStatus({ ...ready, term: ' zzq ' }).text).toBe('No matches found for "zzq"');
  });

  it("shows 'Showing 10 of {n} results' above 10 results only", () => {
    expect(searchStatus({ ...ready, term: 'a', total: 11 })).toEqual({
      text: 'Showing 10 of 11 results',
      visible: true,
    });
    expect(searchStatus({ ...ready, term: 'a', total: 40_000 }).text).toBe(
      'Showing 10 of 40,000 results',
    );
    expect(searchStatus({ ...ready, term: 'a', total: 10 })).toEqual({
      text: '10 results',
      visible: false,
    });
    expect(searchStatus({ ...ready, term: 'a', total: 1 }).text).toBe('1 result');
  });

  it('reports a list that failed to load', () => {
    expect(searchStatus({ ...ready, list: 'failed' }).text).toBe(
      'The stock list could not be loaded.',
    );
  });
});
