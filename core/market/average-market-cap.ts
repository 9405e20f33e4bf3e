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
