import type { ScreenerStock } from '../market/stock-screen';

/** A screener row for tests: a US software company, changed by `over`. */
export const screenerStock = (
  symbol: string,
  over: Partial<ScreenerStock> = {},
): ScreenerStock => ({
  symbol,
  companyName: `${symbol} Corp`,
  exchangeShortName: 'NASDAQ',
  country: 'US',
  sector: 'Technology',
  industry: 'Software',
  currency: 'USD',
  price: 10,
  changesPercentage: 0,
  marketCap: 1e9,
  volume: 1000,
  beta: 1,
  pe: 15,
  pb: 2,
  dividendYield: 1,
  roe: 10,
  debtToEquity: 0.5,
  ...over,
});
