import { dateOfDayNumber, dayNumberOf } from '../../core/day-numbers';
import { isCurrency, type FxRates } from '../../core/market/fx';
import { findMarketIndex } from '../../core/market/indexes';
import type { Quote } from '../../core/market/types';
import type { Close } from '../../core/portfolio/performance';
import { nonPermissibleSharesByPeriod } from '../../core/portfolio/period-shares';
import type { SymbolMarket } from '../../core/portfolio/summary-inputs';
import type { MarketData, PricedInstrument } from '../ports/market-data';
import type {
  PortfolioMarket,
  PortfolioMarketInputs,
  PortfolioMarketRequest,
} from '../ports/portfolio-market-inputs';
import type {
  CompanyFundamentals,
  StockRecord,
  StocksRepository,
} from '../ports/stocks-repository';
import { logger } from '../shared/observability/logger';
import { DailyClosesCache } from './daily-closes-cache';
import { fundamentalsOf, screenerStock } from './screener-universe';
import { toPriced, type AssetService } from './service';

/**
 * Closes are read from a few days before the first transaction: a provider answers from the first
 * trading day on or after `from`, and east of UTC the exchange's day may start before it.
 */
const CLOSES_LEAD_DAYS = 10;
/** Companies per bulk read of statements and Shariah data (as the screener reads them). */
const FUNDAMENTALS_CHUNK = 100;
/**
 * Reads at a time where the ports have no read of many symbols at once: daily bars (the provider
 * has none either; DailyClosesCache keeps them for the day) and the odd hidden stock.
 */
const CONCURRENCY = 8;

export interface PortfolioMarketSources {
  /** The universe copy and the FX rates, as the asset API keeps them (minutes-old at most). */
  readonly assets: Pick<AssetService, 'profilesBySymbol' | 'fxRates'>;
  readonly stocks: Pick<StocksRepository, 'findBySymbol' | 'getFundamentals'>;
  readonly market: Pick<MarketData, 'quotes' | 'daily'>;
}

/** Runs `task` over `items`, `limit` at a time, results in the items' order. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await task(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The market inputs of portfolio summaries from the product's own data: companies from the asset
 * API's universe copy (one read for all; a stock the console hid, out of that copy, is looked up
 * on its own), quotes in one batched call, statements and Shariah data in bulk reads of a hundred
 * companies, today's FX rates from the asset API's copy, and each symbol's past closes (kept for
 * the day: DailyClosesCache). The Shariah
 * verdicts are the screener rows' (screener-universe.ts), so a portfolio row, the screener and the
 * stock page agree.
 */
export class ProductPortfolioMarketInputs implements PortfolioMarketInputs {
  private readonly closes: DailyClosesCache;

  constructor(private readonly sources: PortfolioMarketSources) {
    this.closes = new DailyClosesCache(sources.market);
  }

  async read(request: PortfolioMarketRequest, now: Date): Promise<PortfolioMarket> {
    const { assets, market } = this.sources;
    const from = dateOfDayNumber(dayNumberOf(request.from) - CLOSES_LEAD_DAYS);
    const records = await this.records(request.symbols, now);
    const priced = [...records.values()].map(toPriced);
    const benchmark =
      request.benchmark && (await this.benchmarkInstrument(request.benchmark, records, now));
    const [quotes, fundamentals, rates, closes, benchmarkCloses] = await Promise.all([
      market.quotes(priced, now),
      this.fundamentals([...records.values()]),
      assets.fxRates(now).catch((error: unknown) => {
        logger.error('Reading the FX rates for a portfolio summary failed', error as Error);
        return undefined;
      }),
      mapLimited(priced, CONCURRENCY, (p) => this.closes.closes(p, from, now)),
      benchmark ? this.closes.closes(benchmark, from, now) : Promise.resolve(undefined),
    ]);
    const quoteOf = new Map(quotes.map((q) => [q.symbol.toUpperCase(), q]));
    const closesOf = new Map(priced.map((p, at) => [p.symbol, closes[at] ?? []]));
    const symbols = new Map<string, SymbolMarket>();
    for (const [symbol, record] of records) {
      symbols.set(
        symbol,
        symbolMarket(
          record,
          quoteOf.get(record.symbol.toUpperCase()),
          closesOf.get(record.symbol) ?? [],
          fundamentals.get(record.isin),
          rates,
        ),
      );
    }
    return {
      symbols,
      rates,
      ...(benchmarkCloses && benchmarkCloses.length > 0 ? { benchmarkCloses } : {}),
    };
  }

  /** The companies of the symbols asked for, by the symbol as asked. */
  private async records(symbols: readonly string[], now: Date): Promise<Map<string, StockRecord>> {
    const index = await this.sources.assets.profilesBySymbol(now);
    const found = new Map<string, StockRecord>();
    const unlisted: string[] = [];
    for (const symbol of new Set(symbols)) {
      const record = index.get(symbol.toUpperCase());
      if (record) found.set(symbol, record);
      else unlisted.push(symbol);
    }
    // Hidden stocks are out of the universe copy but still held; unknown symbols cost a read each
    // too, but a portfolio's symbols were known when entered.
    const looked = await mapLimited(unlisted, CONCURRENCY, (symbol) =>
      this.sources.stocks.findBySymbol(symbol),
    );
    unlisted.forEach((symbol, at) => {
      const record = looked[at];
      if (record) found.set(symbol, record);
    });
    return found;
  }

  /** An index of §3, or a stock (one the portfolio does not hold too). */
  private async benchmarkInstrument(
    symbol: string,
    records: Map<string, StockRecord>,
    now: Date,
  ): Promise<PricedInstrument | undefined> {
    const index = findMarketIndex(symbol);
    if (index) return { symbol: index.symbol, exchangeShortName: index.exchangeShortName };
    const record = records.get(symbol) ?? (await this.records([symbol], now)).get(symbol);
    return record ? toPriced(record) : undefined;
  }

  private async fundamentals(
    records: readonly StockRecord[],
  ): Promise<Map<string, CompanyFundamentals>> {
    const chunks: string[][] = [];
    for (let start = 0; start < records.length; start += FUNDAMENTALS_CHUNK) {
      chunks.push(records.slice(start, start + FUNDAMENTALS_CHUNK).map((r) => r.isin));
    }
    const maps = await Promise.all(
      chunks.map((isins) => this.sources.stocks.getFundamentals(isins)),
    );
    return new Map(maps.flatMap((map) => [...map]));
  }
}

/** One symbol's inputs from its company record, quote, bars and stored fundamentals. */
export function symbolMarket(
  record: StockRecord,
  quote: Quote | undefined,
  closes: readonly Close[],
  stored: CompanyFundamentals | undefined,
  rates: FxRates | undefined,
): SymbolMarket {
  const { profile } = record;
  const income = stored?.statements.income;
  const balance = stored?.statements.balance;
  // The screener row's verdicts need the live market cap: without a quote they are unknown.
  const verdicts = quote
    ? screenerStock(record, quote, fundamentalsOf(record, stored), rates).shariah
    : undefined;
  return {
    ...(isCurrency(profile.currency) ? { currency: profile.currency } : {}),
    ...(quote ? { price: quote.price } : {}),
    closes,
    sector: profile.sector,
    country: profile.country,
    ...(verdicts ? { verdicts } : {}),
    ...(stored?.shariah?.override ? { override: stored.shariah.override.verdict } : {}),
    nonPermissibleShares: nonPermissibleSharesByPeriod(
      profile,
      income?.annual ?? [],
      stored?.shariah,
    ),
    balanceSheets: [...(balance?.annual ?? []), ...(balance?.quarter ?? [])],
    ...(profile.sharesOutstanding > 0 ? { sharesOutstanding: profile.sharesOutstanding } : {}),
  };
}
