import {
  dividesByAverageMarketCap,
  SHARIAH_RULES,
  SHARIAH_STANDARD_NAMES,
  VERDICT_TEXT,
  type ShariahStandard,
  type ShariahVerdict,
} from './shariah';

/**
 * The verdict a list row shows under one standard (a watchlist's, the screener's): the verdict of
 * core's screen under that standard, as the stock page's table of that standard shows it, or the
 * reason there is none. A reviewer's override is not folded in: the stock page shows it beside the
 * computed verdicts, never instead of them, and so do the rows (they link to that page).
 */

/** Verdicts by standard, as the screener's rows carry them (ScreenerStock['shariah']). */
export type VerdictsByStandard = Readonly<Partial<Record<ShariahStandard, ShariahVerdict>>>;

/** Why a watchlist's symbol has no screen at all, before any standard is asked. */
export type NoScreenReason = 'index' | 'unknown' | 'no-price';

/**
 * One symbol's verdicts (GET /stocks/shariah-verdicts): a watchlist's rows in one request.
 * `shariah` is absent without a screen; `unavailable` says why when the symbol is not a company
 * with a price.
 */
export interface SymbolShariahVerdicts {
  readonly symbol: string;
  readonly shariah?: VerdictsByStandard;
  readonly unavailable?: NoScreenReason;
}

export type VerdictCell =
  | { readonly kind: 'verdict'; readonly verdict: ShariahVerdict; readonly text: string }
  | { readonly kind: 'none'; readonly reason: string };

const NO_SCREEN_TEXT: Readonly<Record<NoScreenReason | 'no-data', string>> = {
  index: 'A market index has no Shariah screen.',
  unknown: 'This symbol is not a company this site lists.',
  'no-price': 'No price yet: without a market capitalisation there is no screen.',
  'no-data':
    'No Shariah screen: the company has neither a reviewer’s Shariah inputs nor the income statement and balance sheet to derive them from.',
};

const averageMonths = (standard: ShariahStandard): number =>
  SHARIAH_RULES[standard].some((r) => r.basis === 'average-market-cap-36m') ? 36 : 24;

/** The cell of a row under `standard`: its verdict, or why it has none (for the cell's title). */
export function verdictCell(
  shariah: VerdictsByStandard | undefined,
  standard: ShariahStandard,
  unavailable?: NoScreenReason,
): VerdictCell {
  if (unavailable) return { kind: 'none', reason: NO_SCREEN_TEXT[unavailable] };
  if (!shariah) return { kind: 'none', reason: NO_SCREEN_TEXT['no-data'] };
  const verdict = shariah[standard];
  if (verdict) return { kind: 'verdict', verdict, text: VERDICT_TEXT[verdict] };
  const name = SHARIAH_STANDARD_NAMES[standard];
  // The screener judges S&P and DJIM only with the average market caps stored with a company (the
  // ingest and the demo seed store them; a company added in the console has none until the next
  // ingest), rather than call it questionable for want of them.
  return {
    kind: 'none',
    reason: dividesByAverageMarketCap(standard)
      ? `${name} divides by the ${averageMonths(standard)}-month average market capitalisation, which is not stored for this company yet (the next data ingest stores it); its stock page computes it.`
      : `No ${name} verdict for this company.`,
  };
}
