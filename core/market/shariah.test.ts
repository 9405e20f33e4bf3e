import { describe, expect, it } from 'vitest';
import {
  dividesByAverageMarketCap,
  NEAR_THRESHOLD_MARGIN,
  SHARIAH_RULES,
  SHARIAH_METHODOLOGY_NOTES,
  SHARIAH_STANDARDS,
  overallShariahVerdict,
  purificationPercent,
  screenShariah,
  screenShariahStandard,
  nonPermissibleShare,
} from './shariah';
import type {
  DenominatorBasis,
  ShariahRatioName,
  ShariahScreenInput,
  ShariahStandard,
  ThresholdComparison,
} from './shariah';
import type { BalanceSheet, IncomeStatement, ShariahInputs } from './types';

const SCALE = 100_000;

const BASE = {
  date: '2024-06-30',
  symbol: 'ACME',
  reportedCurrency: 'USD',
  fillingDate: '2024-07-30',
  acceptedDate: '2024-07-30 16:00:00',
  calendarYear: '2024',
  period: 'TTM',
} as const;

// Every screened numerator is zero; total assets, market caps and revenue are all SCALE, so a
// numerator of x gives the ratio x / SCALE exactly.
const balance = {
  ...BASE,
  cashAndCashEquivalents: 0,
  netReceivables: 0,
  totalDebt: 0,
  totalAssets: SCALE,
} as unknown as BalanceSheet;
const income = { ...BASE, revenue: SCALE } as unknown as IncomeStatement;
const shariahInputs: ShariahInputs = {
  symbol: 'ACME',
  businessActivity: 'permissible',
  nonPermissibleRevenueShare: 0,
  interestBearingSecurities: 0,
  asOf: '2024-07-31',
};
const clean: ShariahScreenInput = {
  balance,
  income,
  marketCap: SCALE,
  averageMarketCap24m: SCALE,
  averageMarketCap36m: SCALE,
  inputs: shariahInputs,
};

/** The input with only the numerator of `ratio` set to `amount` (in units of SCALE). */
function withRatio(ratio: ShariahRatioName, amount: number): ShariahScreenInput {
  switch (ratio) {
    case 'interest-bearing-debt':
      return { ...clean, balance: { ...balance, totalDebt: amount } };
    case 'interest-bearing-deposits':
    case 'cash-and-interest-bearing-securities':
      return { ...clean, inputs: { ...shariahInputs, interestBearingSecurities: amount } };
    case 'receivables':
    case 'receivables-and-cash':
      return { ...clean, balance: { ...balance, netReceivables: amount } };
    case 'non-permissible-revenue':
      return { ...clean, inputs: { ...shariahInputs, nonPermissibleRevenueShare: amount / SCALE } };
  }
}

type Expected = readonly [ShariahRatioName, DenominatorBasis, ThresholdComparison, number];

// The published screens (see the comments in shariah.ts for the sources).
const EXPECTED: Readonly<Record<ShariahStandard, readonly Expected[]>> = {
  aaoifi: [
    ['interest-bearing-debt', 'market-cap', '<=', 0.3],
    ['interest-bearing-deposits', 'market-cap', '<=', 0.3],
    ['non-permissible-revenue', 'total-revenue', '<=', 0.05],
  ],
  sp: [
    ['interest-bearing-debt', 'average-market-cap-36m', '<', 0.33],
    ['cash-and-interest-bearing-securities', 'average-market-cap-36m', '<', 0.33],
    ['receivables', 'average-market-cap-36m', '<', 0.49],
    ['non-permissible-revenue', 'total-revenue', '<', 0.05],
  ],
  msci: [
    ['interest-bearing-debt', 'total-assets', '<=', 0.3333],
    ['cash-and-interest-bearing-securities', 'total-assets', '<=', 0.3333],
    ['receivables-and-cash', 'total-assets', '<=', 0.3333],
    ['non-permissible-revenue', 'total-revenue', '<=', 0.05],
  ],
  ftse: [
    ['interest-bearing-debt', 'total-assets', '<', 0.33333],
    ['cash-and-interest-bearing-securities', 'total-assets', '<', 0.33333],
    ['receivables-and-cash', 'total-assets', '<', 0.5],
    ['non-permissible-revenue', 'total-revenue', '<=', 0.05],
  ],
  djim: [
    ['interest-bearing-debt', 'average-market-cap-24m', '<', 0.33],
    ['cash-and-interest-bearing-securities', 'average-market-cap-24m', '<', 0.33],
    ['receivables', 'average-market-cap-24m', '<', 0.33],
  ],
  alrajhi: [
    ['interest-bearing-debt', 'market-cap', '<=', 0.3],
    ['interest-bearing-deposits', 'market-cap', '<=', 0.3],
    ['non-permissible-revenue', 'total-revenue', '<=', 0.05],
  ],
};

function ratioOf(standard: ShariahStandard, name: ShariahRatioName, input: ShariahScreenInput) {
  const ratio = screenShariahStandard(standard, input).ratios.find((r) => r.name === name);
  if (ratio === undefined) throw new Error(`${standard} has no ${name} ratio`);
  return ratio;
}

describe('Shariah screen — each standard at its threshold boundaries', () => {
  for (const standard of SHARIAH_STANDARDS) {
    describe(standard, () => {
      it('lists the published ratios with basis, comparison and threshold', () => {
        const { ratios } = screenShariahStandard(standard, clean);
        expect(ratios.map((r) => [r.name, r.denominatorBasis, r.comparison, r.threshold])).toEqual(
          EXPECTED[standard],
        );
      });

      it('is compliant with clean figures', () => {
        expect(screenShariahStandard(standard, clean).verdict).toBe('compliant');
      });

      for (const [name, , comparison, threshold] of EXPECTED[standard]) {
        const atLimit = Math.round(threshold * SCALE);

        it(`${name}: compliant well below ${threshold}`, () => {
          const result = screenShariahStandard(standard, withRatio(name, atLimit * 0.9));
          expect(result.verdict).toBe('compliant');
        });

        it(`${name}: questionable just below ${threshold} (within the margin)`, () => {
          const input = withRatio(name, atLimit * (1 - NEAR_THRESHOLD_MARGIN / 2));
          expect(ratioOf(standard, name, input).passes).toBe(true);
          expect(screenShariahStandard(standard, input).verdict).toBe('questionable');
        });

        it(`${name}: at exactly ${threshold} ${comparison === '<' ? 'fails' : 'passes'}`, () => {
          const input = withRatio(name, atLimit);
          const ratio = ratioOf(standard, name, input);
          expect(ratio.value).toBe(threshold);
          if (comparison === '<') {
            expect(ratio.passes).toBe(false);
            expect(screenShariahStandard(standard, input).verdict).toBe('non-compliant');
          } else {
            expect(ratio.passes).toBe(true);
            expect(screenShariahStandard(standard, input).verdict).toBe('questionable');
          }
        });

        it(`${name}: non-compliant just above ${threshold}`, () => {
          const input = withRatio(name, atLimit + 1);
          expect(ratioOf(standard, name, input).passes).toBe(false);
          expect(screenShariahStandard(standard, input).verdict).toBe('non-compliant');
        });
      }
    });
  }
});

describe('Shariah screen — numerators and denominators', () => {
  it('reports numerator, denominator and value of each ratio', () => {
    const input: ShariahScreenInput = {
      ...clean,
      balance: {
        ...balance,
        totalDebt: 20_000,
        cashAndCashEquivalents: 5_000,
        netReceivables: 10_000,
      },
      marketCap: 200_000,
      averageMarketCap36m: 80_000,
      inputs: {
        ...shariahInputs,
        interestBearingSecurities: 3_000,
        nonPermissibleRevenueShare: 0.02,
      },
    };
    const sp = screenShariahStandard('sp', input).ratios;
    expect(sp[0]).toMatchObject({ numerator: 20_000, denominator: 80_000, value: 0.25 });
    expect(sp[1]).toMatchObject({ numerator: 8_000, denominator: 80_000, value: 0.1 });
    expect(sp[2]).toMatchObject({ numerator: 10_000, denominator: 80_000, value: 0.125 });
    expect(sp[3]).toMatchObject({ numerator: 2_000, denominator: SCALE, value: 0.02 });
    const aaoifi = screenShariahStandard('aaoifi', input).ratios;
    // AAOIFI's interest-bearing deposits and securities: the cash and securities the others
    // count (one mapping of the sheet), over the current market cap.
    expect(aaoifi[1]).toMatchObject({ numerator: 8_000, denominator: 200_000, value: 0.04 });
    const msci = screenShariahStandard('msci', input).ratios;
    expect(msci[1]).toMatchObject({ numerator: 8_000, denominator: SCALE, value: 0.08 });
    expect(msci[2]).toMatchObject({ numerator: 15_000, denominator: SCALE, value: 0.15 });
  });

  it('counts cash as interest-bearing deposits: no 0% under AAOIFI beside 40% under MSCI', () => {
    // The reported case: no short-term investments, cash 39.67% of total assets.
    const input: ShariahScreenInput = {
      ...clean,
      balance: { ...balance, cashAndCashEquivalents: 39_670 },
    };
    const deposits = screenShariahStandard('aaoifi', input).ratios[1]!;
    const cashAndSecurities = screenShariahStandard('msci', input).ratios[1]!;
    expect(cashAndSecurities.value).toBeCloseTo(0.3967, 10);
    expect(deposits.numerator).toBe(cashAndSecurities.numerator);
    expect(deposits.value).toBeCloseTo(0.3967, 10); // market cap = total assets here
  });

  it('every standard reads the same balance-sheet figure for the same numerator', () => {
    const input: ShariahScreenInput = {
      ...clean,
      balance: { ...balance, totalDebt: 7, cashAndCashEquivalents: 11, netReceivables: 13 },
      inputs: { ...shariahInputs, interestBearingSecurities: 17 },
    };
    const numerators = new Map<string, Set<number | null>>();
    for (const standard of SHARIAH_STANDARDS) {
      for (const [i, ratio] of screenShariahStandard(standard, input).ratios.entries()) {
        const kind = SHARIAH_RULES[standard][i]!.numerator;
        numerators.set(kind, (numerators.get(kind) ?? new Set()).add(ratio.numerator));
      }
    }
    expect(Object.fromEntries([...numerators].map(([k, v]) => [k, [...v]]))).toEqual({
      debt: [7],
      'cash-and-securities': [28],
      receivables: [13],
      'receivables-and-cash': [24],
      'non-permissible-revenue': [0],
    });
  });

  it('names what is missing instead of a 0: no balance sheet, no market cap', () => {
    const input: ShariahScreenInput = { ...clean, balance: undefined, marketCap: Number.NaN };
    const [debt, deposits] = screenShariahStandard('aaoifi', input).ratios;
    expect(debt).toMatchObject({ value: null, passes: null });
    expect(debt!.missing).toEqual(['balance-sheet', 'market-cap']);
    expect(deposits!.missing).toEqual(['balance-sheet', 'market-cap']);
    const msci = screenShariahStandard('msci', { ...clean, balance: undefined }).ratios;
    expect(msci[0]!.missing).toEqual(['balance-sheet']);
    // A figure the reviewer entered needs no sheet; total assets still does.
    const curated = screenShariahStandard('aaoifi', {
      ...clean,
      balance: undefined,
      inputs: { ...shariahInputs, interestBearingDebt: 600, cashAndEquivalents: 400 },
    }).ratios;
    expect(curated[0]).toMatchObject({ numerator: 600, value: 600 / SCALE, missing: [] });
    expect(curated[1]).toMatchObject({ numerator: 400, value: 400 / SCALE, missing: [] });
    expect(
      screenShariahStandard('ftse', { ...clean, balance: undefined }).ratios[2]!.missing,
    ).toEqual(['balance-sheet']);
    // The revenue ratio is the declared share, with or without an income statement.
    expect(
      screenShariahStandard('aaoifi', { ...clean, income: undefined }).ratios[2],
    ).toMatchObject({ value: 0, passes: true, missing: [] });
  });

  it('is questionable when the average market cap is missing', () => {
    const input: ShariahScreenInput = {
      ...clean,
      averageMarketCap24m: undefined,
      averageMarketCap36m: undefined,
    };
    for (const standard of ['sp', 'djim'] as const) {
      const result = screenShariahStandard(standard, input);
      expect(result.verdict).toBe('questionable');
      const averaged = result.ratios.filter((r) => r.denominatorBasis !== 'total-revenue');
      expect(averaged.every((r) => r.denominator === null && r.passes === null)).toBe(true);
    }
    for (const standard of ['aaoifi', 'msci', 'ftse', 'alrajhi'] as const) {
      expect(screenShariahStandard(standard, input).verdict).toBe('compliant');
    }
  });

  it('a failing ratio outweighs missing data', () => {
    const input: ShariahScreenInput = {
      ...withRatio('non-permissible-revenue', 10_000),
      averageMarketCap36m: undefined,
    };
    expect(screenShariahStandard('sp', input).verdict).toBe('non-compliant');
  });

  it('is questionable when the market cap or total assets are not positive', () => {
    expect(screenShariahStandard('aaoifi', { ...clean, marketCap: 0 }).verdict).toBe(
      'questionable',
    );
    expect(screenShariahStandard('alrajhi', { ...clean, marketCap: Number.NaN }).verdict).toBe(
      'questionable',
    );
    const noAssets = { ...clean, balance: { ...balance, totalAssets: -1 } };
    expect(screenShariahStandard('msci', noAssets).verdict).toBe('questionable');
    expect(screenShariahStandard('ftse', noAssets).verdict).toBe('questionable');
  });

  it('is questionable when the non-permissible revenue share is not a fraction', () => {
    const input = { ...clean, inputs: { ...shariahInputs, nonPermissibleRevenueShare: 1.5 } };
    const result = screenShariahStandard('aaoifi', input);
    expect(result.verdict).toBe('questionable');
    expect(result.purificationPercent).toBeNull();
  });
});

describe('Shariah screen — business activity', () => {
  const prohibited = [
    'conventional-finance',
    'alcohol',
    'tobacco',
    'gambling',
    'pork',
    'adult-entertainment',
    'weapons',
  ] as const;

  it('a prohibited core business fails every standard even with clean ratios', () => {
    for (const businessActivity of prohibited) {
      const screen = screenShariah({ ...clean, inputs: { ...shariahInputs, businessActivity } });
      for (const result of screen.results) {
        expect(result.activityPasses).toBe(false);
        expect(result.ratios.every((r) => r.passes === true)).toBe(true);
        expect(result.verdict).toBe('non-compliant');
      }
      expect(screen.overall).toBe('non-compliant');
    }
  });

  it('a permissible business passes the activity screen', () => {
    expect(screenShariahStandard('msci', clean).activityPasses).toBe(true);
  });
});

describe('purificationPercent', () => {
  it('is the non-permissible revenue share in percent with two decimals', () => {
    expect(purificationPercent(0.012345)).toBe(1.23);
    expect(purificationPercent(0.04999)).toBe(5);
    expect(purificationPercent(0)).toBe(0);
    expect(purificationPercent(Number.NaN)).toBeNull();
    expect(purificationPercent(-0.1)).toBeNull();
  });

  it('is carried on every standard result with the as-of date', () => {
    const input = withRatio('non-permissible-revenue', 1_234);
    for (const result of screenShariah(input).results) {
      expect(result.purificationPercent).toBe(1.23);
      expect(result.asOf).toBe('2024-07-31');
    }
  });
});

describe('overall verdict', () => {
  it('is compliant only when every standard is compliant', () => {
    expect(screenShariah(clean)).toMatchObject({ overall: 'compliant', asOf: '2024-07-31' });
    expect(screenShariah(clean).results.map((r) => r.standard)).toEqual(SHARIAH_STANDARDS);
    expect(overallShariahVerdict(['compliant', 'compliant', 'questionable'])).toBe('questionable');
  });

  it('is non-compliant when a strict majority fails, else questionable', () => {
    const [c, n, q] = ['compliant', 'non-compliant', 'questionable'] as const;
    expect(overallShariahVerdict([n, n, n, n, c, c])).toBe('non-compliant');
    expect(overallShariahVerdict([n, n, n, c, c, c])).toBe('questionable');
    expect(overallShariahVerdict([n, n, q])).toBe('non-compliant');
    expect(overallShariahVerdict([])).toBe('questionable');
  });

  it('debt at 31% of market cap fails AAOIFI and Al Rajhi only, so it is questionable', () => {
    const screen = screenShariah(withRatio('interest-bearing-debt', 31_000));
    const verdicts = Object.fromEntries(screen.results.map((r) => [r.standard, r.verdict]));
    expect(verdicts).toEqual({
      aaoifi: 'non-compliant',
      alrajhi: 'non-compliant',
      sp: 'compliant',
      msci: 'compliant',
      ftse: 'compliant',
      djim: 'compliant',
    });
    expect(screen.overall).toBe('questionable');
  });
});

describe('methodology notes', () => {
  /** How a note writes a threshold: 0.3 → '30%', 0.3333 → '33.33%', 0.33333 → '33.333%'. */
  const percent = (fraction: number) => `${+(fraction * 100).toFixed(3)}%`;
  /** The words a note uses for each comparison: '<=' may reach the limit, '<' must stay below it. */
  const WORDING: Record<ThresholdComparison, RegExp> = {
    '<=': /not exceed/,
    '<': /below/,
  };
  const BASIS: Record<DenominatorBasis, RegExp> = {
    'market-cap': /market (capitalisation|value)/,
    'average-market-cap-24m': /24-month average market capitalisation/,
    'average-market-cap-36m': /36-month average market capitalisation/,
    'total-assets': /total assets/,
    'total-revenue': /(total )?revenue/,
  };

  it('say exactly the thresholds, comparisons and bases the screen computes', () => {
    for (const standard of SHARIAH_STANDARDS) {
      const note = SHARIAH_METHODOLOGY_NOTES[standard];
      const rules = SHARIAH_RULES[standard];
      // Every threshold the screen applies is written in the note, and no other percentage is.
      const written = new Set(note.match(/\d+(\.\d+)?%/g));
      expect(written, standard).toEqual(new Set(rules.map((r) => percent(r.threshold))));
      for (const { comparison, basis, threshold } of rules) {
        expect(note, `${standard} ${percent(threshold)}`).toMatch(WORDING[comparison]);
        expect(note, `${standard} ${basis}`).toMatch(BASIS[basis]);
      }
    }
  });

  it('has one sentence per standard', () => {
    for (const standard of SHARIAH_STANDARDS) {
      const note = SHARIAH_METHODOLOGY_NOTES[standard];
      expect(note.endsWith('.')).toBe(true);
      expect(note.slice(0, -1)).not.toMatch(/[.!?]\s+[A-Z]/); // 'No. 21' is not a sentence end
    }
  });
});

describe('Shariah screen — a reviewer’s curated inputs', () => {
  const sheetSays: ShariahScreenInput = {
    ...clean,
    balance: {
      ...balance,
      totalDebt: 50_000,
      cashAndCashEquivalents: 1_000,
      netReceivables: 2_000,
    },
  };

  it('uses curated debt, cash and receivables over the balance sheet’s', () => {
    const computed = screenShariahStandard('aaoifi', sheetSays).ratios[0]!;
    expect(computed.numerator).toBe(50_000);
    const curated = screenShariahStandard('aaoifi', {
      ...sheetSays,
      inputs: { ...shariahInputs, interestBearingDebt: 10_000 },
    }).ratios[0]!;
    expect(curated.numerator).toBe(10_000);
    const ftse = screenShariahStandard('ftse', {
      ...sheetSays,
      inputs: { ...shariahInputs, cashAndEquivalents: 4_000, receivables: 6_000 },
    }).ratios.map((r) => r.numerator);
    expect(ftse).toContain(10_000); // receivables + cash
  });

  it('takes the non-permissible share from the revenue split', () => {
    const inputs = {
      ...shariahInputs,
      nonPermissibleRevenueShare: 0,
      revenueSplit: {
        permissible: 96_000,
        nonPermissible: 4_000,
        sources: [{ name: 'Interest income', amount: 4_000 }],
      },
    };
    expect(nonPermissibleShare(inputs)).toBeCloseTo(0.04, 12);
    const screen = screenShariah({ ...clean, inputs });
    expect(screen.results[0]!.purificationPercent).toBe(4);
  });

  it('shows the override beside the computed verdict, never in it', () => {
    const override = {
      verdict: 'non-compliant',
      reason: 'Undisclosed interest income found',
      reviewedOn: '2026-11-01',
      reviewer: 'r@example.com',
    } as const;
    const screen = screenShariah({ ...clean, inputs: { ...shariahInputs, override } });
    expect(screen.overall).toBe('compliant');
    expect(screen.override).toEqual(override);
  });
});

describe('dividesByAverageMarketCap', () => {
  it('is true for S&P and DJIM only (the screener needs their stored averages)', () => {
    expect(SHARIAH_STANDARDS.filter(dividesByAverageMarketCap)).toEqual(['sp', 'djim']);
  });
});
