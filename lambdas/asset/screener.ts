import type { ScreenerRow, SearchQuery } from '../../core/market/screener';
import { quoteDayChange } from '../../core/market/day-change';
import type { Quote } from '../../core/market/types';
import type { StockRecord } from '../ports/stocks-repository';

export const DEFAULT_SCREENER_LIMIT = 100;

const toRow = ({ record, quote }: { record: StockRecord; quote: Quote }): ScreenerRow => {
  const p = record.profile;
  return {
    symbol: record.symbol,
    companyName: p.companyName,
    marketCap: Math.round(quote.price * p.sharesOutstanding),
    sector: p.sector,
    industry: p.industry,
    beta: p.beta,
    price: quote.price,
    changesPercentage: quoteDayChange(quote).percent,
    lastAnnualDividend: p.lastDiv,
    volume: quote.volume,
    exchange: p.exchange,
    exchangeShortName: p.exchangeShortName,
    country: p.country,
    currency: p.currency,
    isEtf: p.isEtf,
    isActivelyTrading: p.isActivelyTrading,
  };
};

type RangeField = 'marketCap' | 'price' | 'beta' | 'volume' | 'dividend';
const RANGE_FIELDS: Record<RangeField, (row: ScreenerRow) => number | null> = {
  marketCap: (r) => r.marketCap,
  price: (r) => r.price,
  beta: (r) => r.beta,
  volume: (r) => r.volume,
  dividend: (r) => r.lastAnnualDividend,
};

const SORT_VALUE: Record<string, (row: ScreenerRow) => number | string | null> = {
  ...RANGE_FIELDS,
  symbol: (r) => r.symbol,
  changesPercentage: (r) => r.changesPercentage,
};

const same = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;

/**
 * The FMP-style screener over the universe's live quotes: xMoreThan / xLowerThan bounds are
 * exclusive, text filters match case-insensitively, `query` matches symbol or name (or is the
 * ISIN), results are sorted (default market cap, largest first) and limited.
 */
export function screen(
  universe: readonly { record: StockRecord; quote: Quote }[],
  filters: SearchQuery,
): ScreenerRow[] {
  const needle = filters.query?.toLowerCase();
  // A query that is a stock's ISIN finds that stock (the header's search takes ISINs too).
  const byIsin = needle
    ? new Set(
        universe.filter((s) => s.record.isin.toLowerCase() === needle).map((s) => s.record.symbol),
      )
    : undefined;
  const rows = universe.map(toRow).filter((row) => {
    for (const [field, value] of Object.entries(RANGE_FIELDS) as [
      RangeField,
      (r: ScreenerRow) => number | null,
    ][]) {
      const more = filters[`${field}MoreThan`];
      const lower = filters[`${field}LowerThan`];
      // A figure nobody knows passes no bound (null would compare as 0).
      const known = value(row);
      if (more !== undefined && (known === null || !(known > more))) return false;
      if (lower !== undefined && (known === null || !(known < lower))) return false;
    }
    if (filters.sector && !same(row.sector, filters.sector)) return false;
    if (filters.industry && !same(row.industry, filters.industry)) return false;
    if (filters.country && row.country !== filters.country) return false;
    if (filters.exchange && row.exchangeShortName !== filters.exchange) return false;
    if (
      needle &&
      !row.symbol.toLowerCase().includes(needle) &&
      !row.companyName.toLowerCase().includes(needle) &&
      !byIsin?.has(row.symbol)
    ) {
      return false;
    }
    return true;
  });
  const sort = filters.sort ?? '-marketCap';
  const descending = sort.startsWith('-');
  const key = SORT_VALUE[descending ? sort.slice(1) : sort] ?? RANGE_FIELDS.marketCap;
  rows.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    // Unknown figures sort last in either direction.
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = x < y ? -1 : x > y ? 1 : 0;
    return descending ? -order : order;
  });
  return rows.slice(0, filters.limit ?? DEFAULT_SCREENER_LIMIT);
}
