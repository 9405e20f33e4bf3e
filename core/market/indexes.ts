import type { MarketIndex } from './types';

/**
 * The market indexes of SPEC §3 (symbol, name, country, currency). §3 fixes the default symbol
 * ^IXIC; the other symbols are the provider's (FMP/Yahoo) tickers for the same indexes.
 */
export const MARKET_INDEXES = [
  { symbol: '^IXIC', name: 'NASDAQ', country: 'US', currency: 'USD', exchangeShortName: 'NASDAQ' },
  { symbol: '^GSPC', name: 'S&P 500', country: 'US', currency: 'USD', exchangeShortName: 'NYSE' },
  { symbol: '^DJI', name: 'Dow Jones', country: 'US', currency: 'USD', exchangeShortName: 'NYSE' },
  { symbol: '^FTSE', name: 'FTSE 100', country: 'GB', currency: 'GBP', exchangeShortName: 'LSE' },
  {
    symbol: '^FCHI',
    name: 'CAC 40',
    country: 'FR',
    currency: 'EUR',
    exchangeShortName: 'EURONEXT',
  },
  { symbol: '^GDAXI', name: 'DAX', country: 'DE', currency: 'EUR', exchangeShortName: 'XETRA' },
  { symbol: '^NSEI', name: 'NIFTY 50', country: 'IN', currency: 'INR', exchangeShortName: 'NSE' },
  { symbol: '000001.SS', name: 'SSE', country: 'CN', currency: 'CNY', exchangeShortName: 'SHH' },
  {
    symbol: '^HSI',
    name: 'Hong Kong HSI',
    country: 'HK',
    currency: 'HKD',
    exchangeShortName: 'HKSE',
  },
  { symbol: '^N225', name: 'Nikkei 225', country: 'JP', currency: 'JPY', exchangeShortName: 'JPX' },
  { symbol: '^TASI.SR', name: 'TASI', country: 'SA', currency: 'SAR', exchangeShortName: 'SAU' },
] as const satisfies readonly MarketIndex[];

/** §3: the default index symbol. */
export const DEFAULT_INDEX_SYMBOL = '^IXIC';

/**
 * §3: the indexes displayed by default — NASDAQ, S&P 500, Dow Jones, FTSE, CAC 40, DAX, NIFTY,
 * SSE, HSI, Nikkei (TASI is available but not displayed by default). Which ones, not their order:
 * the order is MARKET_INDEXES' (see displayedIndexes).
 */
export const DEFAULT_DISPLAYED_INDEX_SYMBOLS = [
  '^IXIC',
  '^GSPC',
  '^DJI',
  '^FTSE',
  '^FCHI',
  '^GDAXI',
  '^NSEI',
  '000001.SS',
  '^HSI',
  '^N225',
] as const;

const bySymbol = new Map<string, MarketIndex>(MARKET_INDEXES.map((i) => [i.symbol, i]));
const position = new Map<string, number>(MARKET_INDEXES.map((i, at) => [i.symbol, at]));
const shownByDefault = new Set<string>(DEFAULT_DISPLAYED_INDEX_SYMBOLS);

export function findMarketIndex(symbol: string): MarketIndex | undefined {
  return bySymbol.get(symbol);
}

/**
 * The indexes to show, in MARKET_INDEXES' (§3) order whatever order they come in: the default
 * ones, or with `all` every one (TASI after the default ten). Unknown symbols go last, in the
 * order given (the sort is stable).
 */
export function displayedIndexes<T extends { readonly symbol: string }>(
  indexes: readonly T[],
  all: boolean,
): T[] {
  const rank = (symbol: string) => position.get(symbol) ?? MARKET_INDEXES.length;
  return indexes
    .filter((index) => all || shownByDefault.has(index.symbol))
    .sort((a, b) => rank(a.symbol) - rank(b.symbol));
}

/** The default displayed indexes, in display order. */
export function defaultDisplayedIndexes(): MarketIndex[] {
  return displayedIndexes(MARKET_INDEXES, false);
}
