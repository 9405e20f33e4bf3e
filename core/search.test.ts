import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createSearchIndex,
  LOADING_STOCKS_TEXT,
  NO_MATCHES_HINT_TEXT,
  noMatchesText,
  pickOnEnter,
  SEARCH_PLACEHOLDER,
  searchStatus,
  stockPath,
  stocksAvailableText,
  toSearchOption,
  type SearchableStock,
  type SearchIndex,
} from './search';
import { fold, NO_MATCH, rankOf } from './search-rank';

const isBlank = (text: string) => text.trim() === '';

const STOCKS: SearchableStock[] = [
  { symbol: 'ACME', name: 'Acme Robotics Inc.', exchangeShortName: 'NASDAQ' },
  { symbol: 'BRK.B', companyName: 'Berkshire Hathaway Inc.', exchange: 'New York Stock Exchange' },
  { symbol: 'CAT', name: 'Caterpillar Inc.', exchangeShortName: 'NYSE' },
  { symbol: 'SCAT', name: 'Scattered Holdings', exchangeShortName: 'NYSE' },
  { symbol: 'DOG.L', name: 'Cat & Dog Supplies plc', exchangeShortName: 'LSE' },
  { symbol: 'BCX', name: 'Bobcat Minerals', exchangeShortName: 'TSX' },
  { symbol: 'CATX', name: 'Perspective Therapeutics', exchangeShortName: 'AMEX' },
  { symbol: 'NEST.SW', name: 'Nestlé S.A.', exchangeShortName: 'SIX' },
  { symbol: '600123.SS', name: '', companyName: null, exchangeShortName: 'SHH' },
];

describe('§3 search option', () => {
  it('maps value, label, first and second', () => {
    expect(toSearchOption(STOCKS[0]!)).toEqual({
      value: 'ACME',
      label: 'Acme Robotics Inc.',
      first: 'NASDAQ',
      second: 'ACME',
    });
  });

  it('falls back to companyName, then symbol; to exchange; cuts the symbol at the dot', () => {
    expect(toSearchOption(STOCKS[1]!)).toEqual({
      value: 'BRK.B',
      label: 'Berkshire Hathaway Inc.',
      first: 'New York Stock Exchange',
      second: 'BRK',
    });
    expect(toSearchOption(STOCKS[8]!)).toMatchObject({ label: '600123.SS', second: '600123' });
    expect(toSearchOption({ symbol: 'A.B.C' }).second).toBe('A');
    expect(toSearchOption({ symbol: 'X' }).first).toBe('');
  });
});

describe('§2 search-box matching', () => {
  const index = createSearchIndex(STOCKS);
  const symbols = (term: string, limit?: number) =>
    index.search(term, limit).options.map((o) => o.value);

  it('ranks exact symbol, symbol prefix, label prefix, word prefix, then substring', () => {
    expect(symbols('cat')).toEqual([
      'CAT', // exact symbol
      'CATX', // symbol prefix
      'DOG.L', // label prefix 'Cat & Dog …'
      'BCX', // substring of 'Bobcat' (no word starts with 'cat')
      'SCAT', // substring of symbol and label
    ]);
    expect(symbols('robot')).toEqual(['ACME']);
    expect(symbols('dog')).toEqual(['DOG.L']);
  });

  it('puts a word prefix of the label before a mere substring', () => {
    const words = createSearchIndex([
      { symbol: 'ZZA', name: 'Bigholdings' },
      { symbol: 'ZZB', name: 'Big Holdings' },
    ]);
    expect(words.search('holdings').options.map((o) => o.value)).toEqual(['ZZB', 'ZZA']);
  });

  it('matches the symbol part exactly', () => {
    expect(symbols('brk')).toEqual(['BRK.B']);
    expect(symbols('600123')[0]).toBe('600123.SS');
  });

  it('ignores case, surrounding spaces and accents', () => {
    expect(symbols('  AcMe ')).toEqual(['ACME']);
    expect(symbols('nestle')).toEqual(['NEST.SW']);
    expect(symbols('NESTLÉ')).toEqual(['NEST.SW']);
  });

  it('matches nothing for an empty term or an unknown one', () => {
    expect(index.search('   ')).toEqual({ options: [], total: 0 });
    expect(index.search('zzzz')).toEqual({ options: [], total: 0 });
  });

  it('returns at most `limit` options and the total count', () => {
    const result = index.search('c', 2);
    expect(result.options).toHaveLength(2);
    expect(result.total).toBe(7); // every label or symbol with a 'c'
    expect(index.search('c', 0).options).toEqual([]);
  });

  it('keeps the first entry of a duplicated symbol', () => {
    const dup = createSearchIndex([
      { symbol: 'DUP', name: 'First' },
      { symbol: 'DUP', name: 'Second' },
    ]);
    expect(dup.size).toBe(1);
    expect(dup.search('dup').options[0]?.label).toBe('First');
  });

  it('searches 70,000 entries correctly', () => {
    const many: SearchableStock[] = Array.from({ length: 70_000 }, (_, i) => ({
      symbol: `S${i.toString(36).toUpperCase()}`,
      name: `Company ${i} Holdings`,
      exchangeShortName: i % 2 ? 'NYSE' : 'NASDAQ',
    }));
    const big = createSearchIndex(many);
    expect(big.size).toBe(70_000);

    const exact = big.search('s1a');
    expect(exact.options[0]?.value).toBe('S1A');
    expect(exact.options.map((o) => o.value)).toEqual([
      'S1A',
      ...['S1A0', 'S1A1', 'S1A2', 'S1A3', 'S1A4', 'S1A5', 'S1A6', 'S1A7', 'S1A8'],
    ]);
    expect(exact.total).toBe(1 + 36 + 36 * 36 + 1); // S1A, S1A?, S1A?? and SS1A

    const byWord = big.search('holdings', 10);
    expect(byWord.total).toBe(70_000);
    expect(byWord.options).toHaveLength(10);

    expect(big.search('Company 69999 ').options.map((o) => o.value)).toEqual([
      `S${(69_999).toString(36).toUpperCase()}`,
    ]);
  });
});

describe('§2 Enter selects the option equal to the typed text', () => {
  const options = STOCKS.map(toSearchOption);

  it('matches value, symbol part, label or exchange, ignoring case', () => {
    expect(pickOnEnter('brk.b', options)?.value).toBe('BRK.B');
    expect(pickOnEnter('BRK', options)?.value).toBe('BRK.B');
    expect(pickOnEnter('caterpillar inc.', options)?.value).toBe('CAT');
    expect(pickOnEnter('lse', options)?.value).toBe('DOG.L');
  });

  it('prefers a symbol match over an exchange match', () => {
    const clash = [
      { value: 'ABC', label: 'Abc Corp', first: 'NYSE', second: 'ABC' },
      { value: 'NYSE', label: 'Intercontinental', first: 'NYSE', second: 'NYSE' },
    ];
    expect(pickOnEnter('nyse', clash)?.value).toBe('NYSE');
  });

  it('picks nothing when no option equals the text', () => {
    expect(pickOnEnter('cate', options)).toBeUndefined();
    expect(pickOnEnter('', options)).toBeUndefined();
  });

  it('opens /stocks/{symbol}', () => {
    expect(stockPath('BRK.B')).toBe('/stocks/BRK.B');
    expect(stockPath('^IXIC')).toBe('/stocks/%5EIXIC');
  });
});

describe('§2 dropdown texts', () => {
  it('has the exact texts', () => {
    expect(SEARCH_PLACEHOLDER).toBe('Search symbols or companies');
    expect(LOADING_STOCKS_TEXT).toBe('Loading stocks...');
    expect(stocksAvailableText(70_123)).toBe('70,123 stocks available - start typing to search');
    expect(stocksAvailableText(5)).toBe('5 stocks available - start typing to search');
    expect(noMatchesText('xyz')).toBe('No matches found for "xyz"');
    expect(NO_MATCHES_HINT_TEXT).toBe('Try adjusting your search term');
  });
});

describe('§2 dropdown status (searchStatus)', () => {
  const ready = { list: 'ready', size: 70_123, term: '', total: 0 } as const;

  it("says 'Loading stocks...' while the list loads, whatever was typed", () => {
    expect(searchStatus({ ...ready, list: 'loading', term: 'ac' })).toEqual({
      state: 'loading',
      text: 'Loading stocks...',
      visible: true,
    });
  });

  it('reports a list that failed to load', () => {
    expect(searchStatus({ ...ready, list: 'failed' })).toMatchObject({
      state: 'failed',
      text: 'The stock list could not be loaded.',
    });
  });

  it('counts the stocks while nothing (or only spaces) is typed', () => {
    expect(searchStatus({ ...ready, term: '  ', total: 3 })).toEqual({
      state: 'idle',
      text: '70,123 stocks available - start typing to search',
      visible: true,
    });
  });

  it('names the trimmed term when nothing matches, with the hint', () => {
    expect(searchStatus({ ...ready, term: ' zzq ' })).toEqual({
      state: 'none',
      text: 'No matches found for "zzq"',
      visible: true,
      hint: 'Try adjusting your search term',
    });
  });

  it("shows 'Showing 10 of {n} results' above 10 results only", () => {
    expect(searchStatus({ ...ready, term: 'a', total: 11 })).toEqual({
      state: 'results',
      text: 'Showing 10 of 11 results',
      visible: true,
    });
    expect(searchStatus({ ...ready, term: 'a', total: 40_000 }).text).toBe(
      'Showing 10 of 40,000 results',
    );
    // Up to 10 there is no §2 text: screen readers still hear the count.
    expect(searchStatus({ ...ready, term: 'a', total: 10 })).toEqual({
      state: 'results',
      text: '10 results',
      visible: false,
    });
    expect(searchStatus({ ...ready, term: 'a', total: 1 }).text).toBe('1 result');
  });
});

/** The ranking by definition: rank every option, stable-sort by rank (options are in tie-break order). */
function plainScan(index: SearchIndex, term: string): string[] {
  const q = fold(term.trim());
  if (q === '') return [];
  return index.options
    .map((option) => ({
      option,
      rank: rankOf(q, fold(option.value), fold(option.second), fold(option.label)),
    }))
    .filter(({ rank }) => rank !== NO_MATCH)
    .sort((a, b) => a.rank - b.rank)
    .map(({ option }) => option.value);
}

/** Which stocks match at all, told without the code under test. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
/** How many stocks (one per symbol, the first) have a symbol or name containing the term. */
function containing(stocks: readonly SearchableStock[], term: string): number {
  const q = folded(term.trim());
  const first = stocks.filter((s, i) => stocks.findIndex((t) => t.symbol === s.symbol) === i);
  return first.filter((s) => folded(s.symbol).includes(q) || folded(s.name ?? '').includes(q))
    .length;
}

describe('the posting-list search ranks exactly as a plain scan', () => {
  const WORDS = ['Acme', 'apex', 'Nestlé', 'zeta', 'Bank', 'an', 'Holdings', 'A.B', '&', 'ab-c'];
  // Enough distinct characters (CJK) that the rarest share a gram id: those terms take the scan.
  const CJK = Array.from({ length: 200 }, (_, i) => String.fromCharCode(0x4e00 + i));
  const stocks: SearchableStock[] = Array.from({ length: 600 }, (_, i) => ({
    symbol: `${'ABZN'[i % 4]}${i % 7 === 0 ? '' : String.fromCharCode(65 + ((i * 7) % 26))}${
      i % 3 === 0 ? '' : i
    }${i % 5 === 0 ? '.L' : ''}`,
    name: `${WORDS[i % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]}${CJK[i % CJK.length]}${
      i % 11 === 0 ? '' : ` ${i}`
    }`,
    exchangeShortName: i % 2 ? 'NYSE' : 'LSE',
  }));
  const alphabet = 'abznk e.l1&-' + CJK.slice(0, 3).join('') + CJK[199]!;
  const term = fc
    .array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 5 })
    .map((chars) => chars.join(''));

  it('for any keystroke sequence: typed letter by letter, jumped to, pasted whole', () => {
    const index = createSearchIndex(stocks);
    fc.assert(
      fc.property(fc.array(term, { minLength: 1, maxLength: 4 }), (words) => {
        for (const word of words) {
          // Letter by letter (narrowing), then the whole word again (the remembered answer).
          for (let end = 1; end <= word.length; end += 1) {
            const typed = word.slice(0, end);
            const all = index.search(typed, Infinity);
            expect(all.options.map((o) => o.value)).toEqual(plainScan(index, typed));
            if (!isBlank(typed)) expect(all.total).toBe(containing(stocks, typed));
          }
          expect(index.search(word.toUpperCase(), 3).options.map((o) => o.value)).toEqual(
            plainScan(index, word).slice(0, 3),
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives the best `limit` rows for any limit, scanned or read from a posting list', () => {
    const index = createSearchIndex(stocks);
    for (const typed of ['a', 'an', 'ank', 'ban', 'ab', 'a.b', '1']) {
      const expected = plainScan(index, typed);
      for (const limit of [0, 1, 3, 10, 33, expected.length, expected.length + 5]) {
        const result = index.search(typed, limit);
        expect(
          result.options.map((o) => o.value),
          `${typed} ${limit}`,
        ).toEqual(expected.slice(0, limit));
        expect(result.total).toBe(expected.length);
      }
    }
  });

  it('answers the same term again with the same matches', () => {
    const index = createSearchIndex(stocks);
    expect(index.search('bank')).toEqual(index.search(' BANK '));
  });
});

describe('SearchIndex.pick (§2 Enter over the whole list)', () => {
  const stocks: SearchableStock[] = [
    ...STOCKS,
    { symbol: 'NYSE', name: 'Intercontinental Exchange', exchangeShortName: 'NYSE' },
    { symbol: 'ZZ', name: 'caterpillar inc.', exchangeShortName: 'OTC' },
  ];
  const index = createSearchIndex(stocks);

  it('agrees with pickOnEnter over every option', () => {
    for (const typed of [
      'brk.b',
      'BRK',
      'caterpillar inc.',
      'Caterpillar Inc.',
      'lse',
      'nyse',
      'otc',
      'six',
      'Nestlé S.A.',
      'nestle s.a.',
      '600123',
      'cate',
      '',
      ' acme ',
      'new york stock exchange',
    ]) {
      expect(index.pick(typed), typed).toBe(pickOnEnter(typed, index.options));
    }
  });

  it('takes an exchange match from the first stock on it, not from a stock named like it', () => {
    // NYSEX ranks near 'nyse' (symbol prefix), AAA does not; both list on NYSE, AAA first.
    const clash = createSearchIndex([
      { symbol: 'NYSEX', name: 'Nyse Holdings', exchangeShortName: 'NYSE' },
      { symbol: 'AAA', name: 'Triple A', exchangeShortName: 'NYSE' },
    ]);
    expect(pickOnEnter('nyse', clash.options)?.value).toBe('AAA');
    expect(clash.pick('nyse')?.value).toBe('AAA');
  });
});
