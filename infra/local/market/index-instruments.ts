/**
 * Simulation parameters of the §3 market indexes: levels near their real ones at the anchor day,
 * index-like volatility, and a drift that brings 1980 levels roughly where they were.
 */
import type { MarketIndex, MarketInstrument } from '../../../core/market/types';

export const INDEX_BASE_DATE = '1980-01-02';

type IndexParameters = Pick<
  MarketInstrument,
  'anchorPrice' | 'annualVolatility' | 'annualDrift' | 'averageDailyVolume'
>;

const p = (
  anchorPrice: number,
  annualVolatility: number,
  annualDrift: number,
  averageDailyVolume: number,
): IndexParameters => ({ anchorPrice, annualVolatility, annualDrift, averageDailyVolume });

export const INDEX_PARAMETERS: Readonly<Record<string, IndexParameters>> = {
  '^IXIC': p(19_000, 0.22, 0.1, 6e9),
  '^GSPC': p(5_900, 0.17, 0.08, 4e9),
  '^DJI': p(42_500, 0.16, 0.08, 4.5e8),
  '^FTSE': p(8_200, 0.15, 0.05, 7e8),
  '^FCHI': p(7_400, 0.19, 0.05, 6e7),
  '^GDAXI': p(20_000, 0.2, 0.065, 7e7),
  '^NSEI': p(23_700, 0.17, 0.1, 3e8),
  '000001.SS': p(3_300, 0.22, 0.06, 4.5e8),
  '^HSI': p(19_600, 0.24, 0.05, 2.5e9),
  '^N225': p(39_300, 0.21, 0.045, 1.2e8),
  '^TASI.SR': p(12_000, 0.18, 0.06, 3e8),
};

/** An index not in the table still gets a plausible series. */
const FALLBACK = p(1_000, 0.2, 0.06, 1e8);

export function instrumentForIndex(index: MarketIndex): MarketInstrument {
  return {
    symbol: index.symbol,
    exchangeShortName: index.exchangeShortName,
    ipoDate: INDEX_BASE_DATE,
    ...(INDEX_PARAMETERS[index.symbol] ?? FALLBACK),
  };
}
