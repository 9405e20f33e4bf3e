import type { BalanceSheet, IncomeStatement, ShariahInputs, ShariahOverride } from './types';

/**
 * Shariah screen per standard: a business-activity screen (ShariahInputs.businessActivity) and
 * financial-ratio screens. Thresholds and comparisons follow each standard's published wording:
 * "does not exceed" / "may not exceed" is `<=`, "less than" / "excluded if ≥" is `<`.
 *
 * Numerators shared by every standard, from one mapping of the balance sheet (shariahFigures):
 * - debt: balance.totalDebt (short- plus long-term borrowings). Statements do not separate
 *   Islamic financing from conventional loans, so all debt is treated as interest-bearing — the
 *   conservative reading.
 * - cash and interest-bearing securities: cash and equivalents plus
 *   ShariahInputs.interestBearingSecurities (holdings outside cash and equivalents, so neither is
 *   counted twice). AAOIFI's and Al Rajhi's "interest-bearing deposits" are the same figure:
 *   statements do not tell an Islamic deposit from a conventional one, so cash held at banks
 *   counts as interest-bearing, as the debt does; a company then never shows 0% deposits under
 *   one standard and 40% cash and securities under another.
 * - receivables: balance.netReceivables.
 * - non-permissible revenue: ShariahInputs.nonPermissibleRevenueShare (interest income included)
 *   of the trailing year's revenue.
 * A figure nobody reported is unknown, never 0: its ratio has no value and names what is missing.
 */

export type ShariahStandard = 'aaoifi' | 'sp' | 'msci' | 'ftse' | 'djim' | 'alrajhi';

export const SHARIAH_STANDARDS: readonly ShariahStandard[] = [
  'aaoifi',
  'sp',
  'msci',
  'ftse',
  'djim',
  'alrajhi',
];

export const SHARIAH_STANDARD_NAMES: Readonly<Record<ShariahStandard, string>> = {
  aaoifi: 'AAOIFI',
  sp: 'S&P Shariah',
  msci: 'MSCI Islamic',
  ftse: 'FTSE Shariah',
  djim: 'Dow Jones Islamic Market',
  alrajhi: 'Al Rajhi Shariah Board',
};

/** One sentence per standard for the SPA's methodology notes. */
export const SHARIAH_METHODOLOGY_NOTES: Readonly<Record<ShariahStandard, string>> = {
  aaoifi:
    'AAOIFI Shariah Standard No. 21 (Financial Papers): interest-bearing debt and interest-bearing deposits and securities may each not exceed 30% of market capitalisation (the current market value is used), and non-permissible income may not exceed 5% of total revenue.',
  sp: 'S&P Shariah Indices: debt and cash plus interest-bearing securities must each be below 33%, and receivables below 49%, of the 36-month average market capitalisation, and non-permissible income below 5% of revenue.',
  msci: 'MSCI Islamic Index Series: total debt, cash plus interest-bearing securities, and receivables plus cash may each not exceed 33.33% of total assets, and revenue from prohibited activities may not exceed 5%.',
  ftse: 'FTSE Shariah Global Equity Index Series (screened by Yasaar): debt and cash plus interest-bearing items must each be below 33.333% of total assets, receivables plus cash below 50% of total assets, and interest plus non-compliant income may not exceed 5% of revenue.',
  djim: 'Dow Jones Islamic Market Indices: total debt, cash plus interest-bearing securities, and receivables must each be below 33% of the trailing 24-month average market capitalisation; prohibited businesses are excluded by industry rather than by a revenue threshold.',
  alrajhi:
    'Al Rajhi Bank Shariah Board (resolution 485): interest-bearing loans and interest-bearing deposits may each not exceed 30% of market value, and income from prohibited activities may not exceed 5% of total revenue.',
};

export type ShariahRatioName =
  | 'interest-bearing-debt'
  | 'interest-bearing-deposits'
  | 'cash-and-interest-bearing-securities'
  | 'receivables'
  | 'receivables-and-cash'
  | 'non-permissible-revenue';

export const SHARIAH_RATIO_LABELS: Readonly<Record<ShariahRatioName, string>> = {
  'interest-bearing-debt': 'Interest-bearing debt',
  'interest-bearing-deposits': 'Interest-bearing deposits and securities',
  'cash-and-interest-bearing-securities': 'Cash and interest-bearing securities',
  receivables: 'Receivables',
  'receivables-and-cash': 'Receivables and cash',
  'non-permissible-revenue': 'Non-permissible revenue',
};

export type DenominatorBasis =
  | 'market-cap'
  | 'average-market-cap-24m'
  | 'average-market-cap-36m'
  | 'total-assets'
  | 'total-revenue';

export type ThresholdComparison = '<' | '<=';
export type ShariahVerdict = 'compliant' | 'non-compliant' | 'questionable';

/** A verdict as the product writes it (the stock page's badge, the curation console's select). */
export const VERDICT_TEXT: Readonly<Record<ShariahVerdict, string>> = {
  compliant: 'Compliant',
  'non-compliant': 'Non-compliant',
  questionable: 'Questionable',
};

/** An input a ratio needs, as the page names it when it is missing. */
export type ShariahInputName =
  | 'balance-sheet'
  | 'interest-bearing-debt'
  | 'cash'
  | 'interest-bearing-securities'
  | 'receivables'
  | 'total-assets'
  | 'market-cap'
  | 'average-market-cap-24m'
  | 'average-market-cap-36m'
  | 'revenue-split';

export const SHARIAH_INPUT_LABELS: Readonly<Record<ShariahInputName, string>> = {
  'balance-sheet': 'a balance sheet',
  'interest-bearing-debt': 'interest-bearing debt',
  cash: 'cash and cash equivalents',
  'interest-bearing-securities': 'interest-bearing securities',
  receivables: 'receivables',
  'total-assets': 'total assets',
  'market-cap': 'the market capitalisation (price, share count or exchange rate)',
  'average-market-cap-24m': 'the 24-month average market capitalisation',
  'average-market-cap-36m': 'the 36-month average market capitalisation',
  'revenue-split': 'the non-permissible share of revenue',
};

export interface ShariahRatio {
  readonly name: ShariahRatioName;
  readonly numerator: number | null;
  /** null when the basis is unavailable (e.g. no 36-month average market cap). */
  readonly denominator: number | null;
  readonly denominatorBasis: DenominatorBasis;
  /** numerator / denominator as a fraction; null when it cannot be computed. */
  readonly value: number | null;
  /** Fraction, e.g. 0.33 for 33%. */
  readonly threshold: number;
  readonly comparison: ThresholdComparison;
  /** null when `value` is null. */
  readonly passes: boolean | null;
  /** What the ratio lacks when `value` is null (empty otherwise), for the page to say so. */
  readonly missing: readonly ShariahInputName[];
}

export interface ShariahStandardResult {
  readonly standard: ShariahStandard;
  readonly ratios: readonly ShariahRatio[];
  readonly activityPasses: boolean;
  readonly verdict: ShariahVerdict;
  /** Share of dividends to purify (give away), percent with 2 decimals; null if unknown. */
  readonly purificationPercent: number | null;
  readonly asOf: string;
}

export interface ShariahScreen {
  readonly results: readonly ShariahStandardResult[];
  /** The verdict the standards give (a reviewer's override is shown beside it, never in it). */
  readonly overall: ShariahVerdict;
  readonly asOf: string;
  /** The day the 24- and 36-month average market caps (S&P, DJIM) date from, when known. */
  readonly marketCapAveragesAsOf?: string;
  readonly override?: ShariahOverride;
  /**
   * True when no reviewer has entered the company's inputs: they are derived from the provider's
   * industry and statements (shariah-provider-inputs.ts), and the page says so.
   */
  readonly providerInputs?: true;
}

export interface ShariahScreenInput {
  /** Latest balance sheet, quarterly or annual (shariah-statements.ts); absent when none is stored. */
  readonly balance?: BalanceSheet | undefined;
  /** The trailing year's income statement (TTM, else the latest fiscal year); may be absent. */
  readonly income?: IncomeStatement | undefined;
  /** Current market capitalisation, in the statements' currency. */
  readonly marketCap: number;
  /** Mean market capitalisation over the trailing 24 months (DJIM). */
  readonly averageMarketCap24m?: number;
  /** Mean market capitalisation over the trailing 36 months (S&P). */
  readonly averageMarketCap36m?: number;
  /** The day the two averages were computed as of (they are stored with the company). */
  readonly averagesAsOf?: string;
  readonly inputs: ShariahInputs;
}

/**
 * A passing ratio within this fraction of its threshold (value ≥ 95% of the limit) makes the
 * verdict 'questionable': the next filing or a market move can flip it, so the screen is not
 * stable enough to call compliant.
 */
export const NEAR_THRESHOLD_MARGIN = 0.05;

type NumeratorKind =
  | 'debt'
  | 'cash-and-securities'
  | 'receivables'
  | 'receivables-and-cash'
  | 'non-permissible-revenue';

export interface RatioRule {
  readonly name: ShariahRatioName;
  readonly numerator: NumeratorKind;
  readonly basis: DenominatorBasis;
  readonly threshold: number;
  readonly comparison: ThresholdComparison;
}

const rule = (
  name: ShariahRatioName,
  numerator: NumeratorKind,
  basis: DenominatorBasis,
  comparison: ThresholdComparison,
  threshold: number,
): RatioRule => ({ name, numerator, basis, threshold, comparison });

/** Non-permissible revenue over total revenue, shared wording: "may not exceed 5%". */
const revenueRule = (comparison: ThresholdComparison) =>
  rule('non-permissible-revenue', 'non-permissible-revenue', 'total-revenue', comparison, 0.05);

/** Each standard's ratio rules (the methodology notes above describe exactly these). */
export const SHARIAH_RULES: Readonly<Record<ShariahStandard, readonly RatioRule[]>> = {
  // AAOIFI Shariah Standard No. 21 (Financial Papers): interest-based borrowing and interest-
  // bearing deposits "should not exceed 30% of the market capitalisation", prohibited income
  // "should not exceed 5% of total revenue". AAOIFI names market value without an averaging
  // window; the current market capitalisation is used.
  aaoifi: [
    rule('interest-bearing-debt', 'debt', 'market-cap', '<=', 0.3),
    rule('interest-bearing-deposits', 'cash-and-securities', 'market-cap', '<=', 0.3),
    revenueRule('<='),
  ],
  // S&P Shariah Indices Methodology (accounting-based screens, with Ratings Intelligence Partners):
  // debt, cash + interest-bearing securities < 33% and receivables < 49% of the 36-month average
  // market value of equity; non-permissible income other than interest income < 5% of revenue
  // (interest income is included here, which is stricter).
  sp: [
    rule('interest-bearing-debt', 'debt', 'average-market-cap-36m', '<', 0.33),
    rule(
      'cash-and-interest-bearing-securities',
      'cash-and-securities',
      'average-market-cap-36m',
      '<',
      0.33,
    ),
    rule('receivables', 'receivables', 'average-market-cap-36m', '<', 0.49),
    revenueRule('<'),
  ],
  // MSCI Islamic Index Series Methodology §2.2: "none of the financial ratios may exceed 33.33%"
  // of total assets (the M-Series uses average market cap and 30%; not modelled); §2.1 excludes
  // companies deriving "more than 5%" of revenue from prohibited activities. Older editions used
  // receivables / total assets < 70% instead of receivables + cash.
  msci: [
    rule('interest-bearing-debt', 'debt', 'total-assets', '<=', 0.3333),
    rule(
      'cash-and-interest-bearing-securities',
      'cash-and-securities',
      'total-assets',
      '<=',
      0.3333,
    ),
    rule('receivables-and-cash', 'receivables-and-cash', 'total-assets', '<=', 0.3333),
    revenueRule('<='),
  ],
  // FTSE Shariah Global Equity Index Series (FTSE Russell, screening by Yasaar): debt and cash +
  // interest-bearing items "less than 33.333%", receivables + cash "less than 50%" of total assets;
  // interest + non-compliant income "should not exceed 5%" of revenue.
  ftse: [
    rule('interest-bearing-debt', 'debt', 'total-assets', '<', 0.33333),
    rule(
      'cash-and-interest-bearing-securities',
      'cash-and-securities',
      'total-assets',
      '<',
      0.33333,
    ),
    rule('receivables-and-cash', 'receivables-and-cash', 'total-assets', '<', 0.5),
    revenueRule('<='),
  ],
  // Dow Jones Islamic Market Indices Methodology (S&P DJI): excluded if debt, cash + interest-
  // bearing securities or receivables is ≥ 33% of the trailing 24-month average market cap
  // (earlier editions used a 12-month average). Prohibited lines of business are excluded by
  // industry classification; no revenue-share tolerance is published, so there is no revenue
  // ratio here (uncertain: some summaries cite 5%).
  djim: [
    rule('interest-bearing-debt', 'debt', 'average-market-cap-24m', '<', 0.33),
    rule(
      'cash-and-interest-bearing-securities',
      'cash-and-securities',
      'average-market-cap-24m',
      '<',
      0.33,
    ),
    rule('receivables', 'receivables', 'average-market-cap-24m', '<', 0.33),
  ],
  // Al Rajhi Bank Shariah Board resolution 485: interest-bearing loans and deposits "shall not
  // exceed 30%" of market value, prohibited income "shall not exceed 5%" of revenue. The resolution
  // refers to book value when market value falls below it; its exact reading is uncertain, so the
  // market value alone is used (the smaller denominator, hence the stricter test).
  alrajhi: [
    rule('interest-bearing-debt', 'debt', 'market-cap', '<=', 0.3),
    rule('interest-bearing-deposits', 'cash-and-securities', 'market-cap', '<=', 0.3),
    revenueRule('<='),
  ],
};

function finite(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function positive(value: number | null | undefined): number | null {
  const n = finite(value);
  return n !== null && n > 0 ? n : null;
}

/** True for a standard that divides by an average market cap (S&P: 36 months, DJIM: 24). */
export const dividesByAverageMarketCap = (standard: ShariahStandard): boolean =>
  SHARIAH_RULES[standard].some(
    (r) => r.basis === 'average-market-cap-24m' || r.basis === 'average-market-cap-36m',
  );

/**
 * The non-permissible share of revenue: from the curated split when there is one, else the stored
 * share; null unless a valid fraction in [0, 1] (missing or corrupt data).
 */
export function nonPermissibleShare(inputs: ShariahInputs): number | null {
  const split = inputs.revenueSplit;
  const total = split ? finite(split.permissible + split.nonPermissible) : null;
  const share = split
    ? total !== null && total > 0
      ? finite(split.nonPermissible / total)
      : null
    : finite(inputs.nonPermissibleRevenueShare);
  return share !== null && share >= 0 && share <= 1 ? share : null;
}

const revenueShare = nonPermissibleShare;

/** Dividend purification: the non-permissible revenue share of each dividend, in percent. */
export function purificationPercent(nonPermissibleRevenueShare: number): number | null {
  const share = finite(nonPermissibleRevenueShare);
  if (share === null || share < 0 || share > 1) return null;
  return Math.round(share * 100 * 100) / 100;
}

/** A figure, or the input it lacks. */
type Figure = { readonly value: number } | { readonly missing: readonly ShariahInputName[] };

const known = (value: number | null, missing: ShariahInputName): Figure =>
  value === null ? { missing: [missing] } : { value };

function sum(a: Figure, b: Figure): Figure {
  if ('value' in a && 'value' in b) {
    const total = finite(a.value + b.value);
    return total === null ? { missing: [] } : { value: total };
  }
  return { missing: [...('missing' in a ? a.missing : []), ...('missing' in b ? b.missing : [])] };
}

/**
 * The balance-sheet figures every standard's numerators are made of, mapped once: a reviewer's
 * curated figure replaces the sheet's, and without a sheet a figure the reviewer did not enter
 * is missing (the sheet named as what lacks), never taken as 0.
 */
export function shariahFigures(
  balance: BalanceSheet | undefined,
  inputs: ShariahInputs,
): Readonly<Record<'debt' | 'cash' | 'securities' | 'receivables', Figure>> {
  const sheet = (value: number | undefined, missing: ShariahInputName): Figure =>
    finite(value) !== null
      ? { value: finite(value)! }
      : known(null, balance ? missing : 'balance-sheet');
  return {
    debt: sheet(inputs.interestBearingDebt ?? balance?.totalDebt, 'interest-bearing-debt'),
    cash: sheet(inputs.cashAndEquivalents ?? balance?.cashAndCashEquivalents, 'cash'),
    securities: known(finite(inputs.interestBearingSecurities), 'interest-bearing-securities'),
    receivables: sheet(inputs.receivables ?? balance?.netReceivables, 'receivables'),
  };
}

function numeratorOf(kind: NumeratorKind, input: ShariahScreenInput): Figure {
  const figures = shariahFigures(input.balance, input.inputs);
  switch (kind) {
    case 'debt':
      return figures.debt;
    case 'cash-and-securities':
      return sum(figures.cash, figures.securities);
    case 'receivables':
      return figures.receivables;
    case 'receivables-and-cash':
      return sum(figures.receivables, figures.cash);
    case 'non-permissible-revenue': {
      const share = revenueShare(input.inputs);
      const revenue = finite(input.income?.revenue);
      return share === null
        ? { missing: ['revenue-split'] }
        : revenue === null
          ? { missing: [] }
          : known(finite(share * revenue), 'revenue-split');
    }
  }
}

function denominatorOf(basis: DenominatorBasis, input: ShariahScreenInput): Figure {
  switch (basis) {
    case 'market-cap':
      return known(positive(input.marketCap), 'market-cap');
    case 'average-market-cap-24m':
      return known(positive(input.averageMarketCap24m), 'average-market-cap-24m');
    case 'average-market-cap-36m':
      return known(positive(input.averageMarketCap36m), 'average-market-cap-36m');
    case 'total-assets':
      return known(
        positive(input.balance?.totalAssets),
        input.balance ? 'total-assets' : 'balance-sheet',
      );
    case 'total-revenue':
      return known(finite(input.income?.revenue), 'revenue-split');
  }
}

const valueOf = (figure: Figure) => ('value' in figure ? figure.value : null);

function evaluate(rule: RatioRule, input: ShariahScreenInput): ShariahRatio {
  const numerator = numeratorOf(rule.numerator, input);
  const denominator = denominatorOf(rule.basis, input);
  // The revenue ratio is the declared share itself, so it exists even without revenue figures.
  const share = revenueShare(input.inputs);
  const value =
    rule.numerator === 'non-permissible-revenue'
      ? share
      : 'value' in numerator && 'value' in denominator
        ? finite(numerator.value / denominator.value)
        : null;
  const passes =
    value === null
      ? null
      : rule.comparison === '<'
        ? value < rule.threshold
        : value <= rule.threshold;
  const missing =
    value !== null
      ? []
      : rule.numerator === 'non-permissible-revenue'
        ? (['revenue-split'] as const)
        : [
            ...new Set([
              ...('missing' in numerator ? numerator.missing : []),
              ...('missing' in denominator ? denominator.missing : []),
            ]),
          ];
  return {
    name: rule.name,
    numerator: valueOf(numerator),
    denominator: valueOf(denominator),
    denominatorBasis: rule.basis,
    value,
    threshold: rule.threshold,
    comparison: rule.comparison,
    passes,
    missing,
  };
}

function isNearThreshold(ratio: ShariahRatio): boolean {
  return (
    ratio.passes === true &&
    ratio.value !== null &&
    ratio.value >= ratio.threshold * (1 - NEAR_THRESHOLD_MARGIN)
  );
}

/**
 * Verdict of one standard: non-compliant when the activity or any ratio fails; questionable when
 * a ratio cannot be computed (missing data) or passes within NEAR_THRESHOLD_MARGIN of its limit;
 * otherwise compliant.
 */
export function standardVerdict(
  activityPasses: boolean,
  ratios: readonly ShariahRatio[],
): ShariahVerdict {
  if (!activityPasses || ratios.some((r) => r.passes === false)) return 'non-compliant';
  if (ratios.some((r) => r.passes === null || isNearThreshold(r))) return 'questionable';
  return 'compliant';
}

/** Screens the company against one standard. */
export function screenShariahStandard(
  standard: ShariahStandard,
  input: ShariahScreenInput,
): ShariahStandardResult {
  const ratios = SHARIAH_RULES[standard].map((r) => evaluate(r, input));
  // Every standard excludes the prohibited core businesses outright, whatever the ratios.
  const activityPasses = input.inputs.businessActivity === 'permissible';
  return {
    standard,
    ratios,
    activityPasses,
    verdict: standardVerdict(activityPasses, ratios),
    purificationPercent: purificationPercent(nonPermissibleShare(input.inputs) ?? Number.NaN),
    asOf: input.inputs.asOf,
  };
}

/**
 * Across standards: compliant only if every standard is compliant; non-compliant if a strict
 * majority is non-compliant; otherwise (standards disagree, or data is missing) questionable.
 */
export function overallShariahVerdict(verdicts: readonly ShariahVerdict[]): ShariahVerdict {
  if (verdicts.length === 0) return 'questionable';
  if (verdicts.every((v) => v === 'compliant')) return 'compliant';
  const failing = verdicts.filter((v) => v === 'non-compliant').length;
  return failing * 2 > verdicts.length ? 'non-compliant' : 'questionable';
}

/** Screens the company against every standard, with the overall verdict. */
export function screenShariah(input: ShariahScreenInput): ShariahScreen {
  const results = SHARIAH_STANDARDS.map((standard) => screenShariahStandard(standard, input));
  return {
    results,
    overall: overallShariahVerdict(results.map((r) => r.verdict)),
    asOf: input.inputs.asOf,
    ...(input.averagesAsOf ? { marketCapAveragesAsOf: input.averagesAsOf } : {}),
    ...(input.inputs.override ? { override: input.inputs.override } : {}),
  };
}
