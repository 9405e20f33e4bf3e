import {
  averageCloses,
  LONGEST_AVERAGE_MONTHS,
  type AverageCloses,
} from '../../core/market/average-market-cap';
import type { MarketData, PricedInstrument } from '../ports/market-data';

const DAY_MS = 86_400_000;
/**
 * Bars from a little before the 36-month window: a provider answers from the first trading day on
 * or after `from`, so a window opening on a weekend, a holiday or (east of UTC) an exchange's next
 * local day would otherwise look younger than the listing and have no average.
 */
const WINDOW_LEAD_DAYS = 10;

/**
 * A company's 24- and 36-month mean closes as of `now`, from the market's daily bars. The ingest
 * and the demo seed store them with the company; the stock page reads them live only for a
 * company stored without them.
 */
export async function readAverageCloses(
  market: Pick<MarketData, 'daily'>,
  priced: PricedInstrument,
  now: Date,
): Promise<AverageCloses> {
  const from = new Date(now);
  from.setUTCMonth(from.getUTCMonth() - LONGEST_AVERAGE_MONTHS);
  from.setTime(from.getTime() - WINDOW_LEAD_DAYS * DAY_MS);
  return averageCloses(await market.daily(priced, from, now), now);
}
