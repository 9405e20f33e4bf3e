import type { PriceBar } from './types';

const dayOf = (bar: Pick<PriceBar, 'date'>) => new Date(`${bar.date.slice(0, 10)}T00:00:00Z`);

/**
 * The average market capitalisation over the last `months` (Shariah screens compare debt with it):
 * the mean daily close in the window times today's share count. Undefined when the listing is
 * younger than the window (no average of that length exists). `bars` are newest first.
 */
export function averageMarketCap(
  bars: readonly Pick<PriceBar, 'date' | 'close'>[],
  sharesOutstanding: number,
  months: number,
  now: Date,
): number | undefined {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - months);
  const oldest = bars.at(-1);
  if (!oldest || dayOf(oldest) > since) return undefined;
  const window = bars.filter((bar) => dayOf(bar) >= since);
  if (window.length === 0) return undefined;
  return (window.reduce((sum, bar) => sum + bar.close, 0) / window.length) * sharesOutstanding;
}

/** The longest window a Shariah standard averages over (S&P: 36 months; DJIM: 24). */
export const LONGEST_AVERAGE_MONTHS = 36;

/**
 * A company's average market caps as of a day: what the S&P (36 months) and DJIM (24 months)
 * screens divide by. Stored with the company by the ingest and the demo seed, so the screener
 * judges every company by them without reading years of prices per company, and the stock page
 * shows the same figures. An average is absent where the listing is younger than its window.
 */
export interface MarketCapAverages {
  /** 'YYYY-MM-DD': the day they were computed from the closes before it. */
  readonly asOf: string;
  readonly averageMarketCap24m?: number;
  readonly averageMarketCap36m?: number;
}

/** Both averages from daily bars (newest first) reaching back at least 36 months from `now`. */
export function marketCapAverages(
  bars: readonly Pick<PriceBar, 'date' | 'close'>[],
  sharesOutstanding: number,
  now: Date,
): MarketCapAverages {
  const months24 = averageMarketCap(bars, sharesOutstanding, 24, now);
  const months36 = averageMarketCap(bars, sharesOutstanding, LONGEST_AVERAGE_MONTHS, now);
  return {
    asOf: now.toISOString().slice(0, 10),
    ...(months24 !== undefined ? { averageMarketCap24m: months24 } : {}),
    ...(months36 !== undefined ? { averageMarketCap36m: months36 } : {}),
  };
}
