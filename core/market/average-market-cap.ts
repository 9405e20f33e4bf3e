import type { PriceBar } from './types';

const dayOf = (bar: Pick<PriceBar, 'date'>) => new Date(`${bar.date.slice(0, 10)}T00:00:00Z`);

/**
 * The mean daily close over the last `months`: an average market cap (Shariah screens compare debt
 * with it) is this times today's share count (averageMarketCaps). Undefined when the listing is
 * younger than the window (no average of that length exists). `bars` are newest first.
 */
export function meanClose(
  bars: readonly Pick<PriceBar, 'date' | 'close'>[],
  months: number,
  now: Date,
): number | undefined {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - months);
  const oldest = bars.at(-1);
  if (!oldest || dayOf(oldest) > since) return undefined;
  const window = bars.filter((bar) => dayOf(bar) >= since);
  if (window.length === 0) return undefined;
  return window.reduce((sum, bar) => sum + bar.close, 0) / window.length;
}

/** The longest window a Shariah standard averages over (S&P: 36 months; DJIM: 24). */
export const LONGEST_AVERAGE_MONTHS = 36;

/**
 * A company's mean daily closes over the last 24 and 36 months, as of a day: what the DJIM and S&P
 * screens' average market caps are made of. Stored with the company by the ingest and the demo
 * seed, so the screener judges every company without reading years of prices per company, and
 * the stock page shows the same figures. Closes, not market caps: the cap is the close times the
 * share count the company has now (a curator's correction included). An average is absent where
 * the listing is younger than its window.
 */
export interface AverageCloses {
  /** 'YYYY-MM-DD': the day they were computed from the closes before it. */
  readonly asOf: string;
  readonly months24?: number;
  readonly months36?: number;
}

/** Both mean closes from daily bars (newest first) reaching back at least 36 months from `now`. */
export function averageCloses(
  bars: readonly Pick<PriceBar, 'date' | 'close'>[],
  now: Date,
): AverageCloses {
  const months24 = meanClose(bars, 24, now);
  const months36 = meanClose(bars, LONGEST_AVERAGE_MONTHS, now);
  return {
    asOf: now.toISOString().slice(0, 10),
    ...(months24 !== undefined ? { months24 } : {}),
    ...(months36 !== undefined ? { months36 } : {}),
  };
}

/** The average market caps (and their day) a Shariah screen divides by, at a share count. */
export function averageMarketCaps(
  closes: AverageCloses,
  sharesOutstanding: number,
): {
  readonly averageMarketCap24m?: number;
  readonly averageMarketCap36m?: number;
  readonly averagesAsOf: string;
} {
  return {
    ...(closes.months24 !== undefined
      ? { averageMarketCap24m: closes.months24 * sharesOutstanding }
      : {}),
    ...(closes.months36 !== undefined
      ? { averageMarketCap36m: closes.months36 * sharesOutstanding }
      : {}),
    averagesAsOf: closes.asOf,
  };
}
