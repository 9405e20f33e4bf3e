import { companyTypeOf } from '../../core/market/company-type';
import {
  computeKeyMetricsTtm,
  computeRatiosTtm,
  type KeyMetricsTtm,
  type RatiosTtm,
  type TtmInputs,
} from '../../core/market/ratios';
import { withConsistentTargets } from '../../core/market/analyst-consensus';
import { screenShariah, type ShariahScreen } from '../../core/market/shariah';
import { providerShariahInputs } from '../../core/market/shariah-provider-inputs';
import { shariahStatements } from '../../core/market/shariah-statements';
import {
  ttmBalanceSheet,
  ttmCashFlowStatement,
  ttmIncomeStatement,
  ttmStatement,
} from '../../core/market/ttm';
import { findMarketIndex, MARKET_INDEXES } from '../../core/market/indexes';
import type {
  CompanyProfile,
  DaySpark,
  IndexQuote,
  MarketIndex,
  Movers,
  PriceBar,
  Quote,
  StatementKind,
  StatementPeriod,
} from '../../core/market/types';
import { identifyStatement, type IdentifiedStatement } from '../../core/market/statements';
import { encodeStockList, type CompactStockList } from '../../core/stock-list';
import { SPARK_SESSIONS, type WatchQuote } from '../../core/market/watch-quotes';
import { daySpark, NO_SPARK } from '../../core/market/day-spark';
import type { IntradayInterval, MarketData, PricedInstrument } from '../ports/market-data';
import type { CuratedItemStore } from '../ports/curated-item-store';
import type { StockRecord, StocksRepository } from '../ports/stocks-repository';
import { readAverageCloses } from '../shared/average-closes';
import { averageMarketCaps } from '../../core/market/average-market-cap';
import { NotCovered, NotFound } from '../../core/domain-errors';
import { hasTtm } from '../../core/market/statements';
import { startOfDayUtc, yearsAgo } from '../shared/dates';
import { logger } from '../shared/observability/logger';
import { RefreshingValue } from '../shared/refreshing-value';
import { CHART_RANGES, STATEMENT_DEFAULT_LIMIT } from '../../core/constants';
import { DEFAULT_MOVERS_LIMIT, rankMovers } from '../../core/market/movers';
import type { CalendarQuery } from '../../core/api/asset';
import { selectEvents, type CalendarEvent } from '../../core/market/calendar';
import { trailingDividendYieldPercent } from '../../core/market/dividend-yield';
import type { MarketCalendar } from '../ports/market-calendar';
import { conversionFactor, type FxRates } from '../../core/market/fx';
import type { ScreenerStock } from '../../core/market/stock-screen';
import type { SymbolShariahVerdicts } from '../../core/market/shariah-verdicts';
import {
  loadScreenerFundamentals,
  screenerStock,
  type ScreenerFundamentals,
} from './screener-universe';

/** SPEC §3: the ALL timeframe reaches back 40 years. */
const ALL_YEARS = CHART_RANGES.ALL.years;

const DAY_MS = 86_400_000;
/**
 * How far back "the latest session" is looked for (long holiday weekends included); also how far
 * before a market-cap averaging window its bars are read, so the window's first day has a close.
 */
const INTRADAY_LOOKBACK_DAYS = 10;

export interface AssetServiceOptions {
  /** How long in-process copies of whole-universe reads (list, profiles) are reused as they are. */
  readonly universeCacheMs?: number;
  /** How long past that a copy is still served while it is refreshed, or its refresh fails. */
  readonly universeMaxStaleMs?: number;
  /**
   * The curated descriptions: a company's profile shows the curated text over the ingested one.
   * Read on every profile request (one consistent GetItem), never from the universe copies, so
   * an editor's change shows on the public page at once.
   */
  readonly descriptions?: Pick<CuratedItemStore<string>, 'storedValue'>;
  /** Earnings, dividends and splits (the provider's calendars; the demo's locally). */
  readonly calendar?: MarketCalendar;
  /**
   * How long the screener's copy of every company's TTM statements and Shariah data is reused
   * (reading them is a few table reads per company; a curation edit reaches the screener after it).
   */
  readonly fundamentalsCacheMs?: number;
  /** How long an index card's line is reused (SPARK_CACHE_MS). */
  readonly sparkCacheMs?: number;
}

const FUNDAMENTALS_CACHE_MS = 10 * 60_000;
/** FX rates: the screener's conversions may lag the market by this much. */
const FX_CACHE_MS = 60_000;
/**
 * How long one build of the screener's rows (every company at its live price, with its TTM ratios
 * and Shariah verdicts) serves further screens: well inside the minute the answer may be cached
 * (ASSET_CACHE.priced), and it turns a screen from a rebuild of the universe into a filter.
 */
const SCREENER_ROWS_MS = 5_000;

/** An index card's line: its bars are a minute apart, so a minute-old line is a bar behind. */
const SPARK_CACHE_MS = 60_000;

const UNIVERSE_CACHE_MS = 60_000;
const UNIVERSE_MAX_STALE_MS = 15 * 60_000;
/** After a failed refresh of a universe copy, the wait before the next attempt. */
const UNIVERSE_RETRY_MS = 5_000;

/**
 * The asset API's use cases over two ports: the stocks repository (profiles, statements, analyst
 * and Shariah data) and market data (quotes and bars). Pure composition; no AWS here.
 */
export class AssetService {
  private readonly list: RefreshingValue<CompactStockList>;
  private readonly universe: RefreshingValue<StockRecord[]>;
  private readonly fundamentals: RefreshingValue<Map<string, ScreenerFundamentals>>;
  private readonly fx: RefreshingValue<FxRates>;
  private screenerRows:
    { readonly at: number; readonly rows: Promise<ScreenerStock[]> } | undefined;
  /** The list revision the copies were checked against (undefined: not read yet). */
  private seenRevision: string | null | undefined;
  /** The one revision read in flight, shared by the requests that arrive meanwhile. */
  private revisionRead: Promise<string | null> | undefined;

  constructor(
    private readonly stocks: StocksRepository,
    private readonly market: MarketData,
    private readonly options: AssetServiceOptions = {},
  ) {
    this.list = this.refreshing('the stock list', async () =>
      encodeStockList(await this.stocks.listStocks()),
    );
    this.universe = this.refreshing('the stock profiles', () => this.stocks.listProfiles());
    this.fundamentals = this.refreshing(
      "the screener's fundamentals",
      async () => loadScreenerFundamentals(this.stocks, await this.profiles(new Date())),
      options.fundamentalsCacheMs ?? FUNDAMENTALS_CACHE_MS,
    );
    this.fx = this.refreshing('the FX rates', () => this.market.fxRates(new Date()), FX_CACHE_MS);
  }

  // Whole-table reads and remote calls: one refresh at a time however many requests find the copy
  // stale.
  private refreshing<T>(
    what: string,
    load: (now: number) => Promise<T>,
    freshMs = this.options.universeCacheMs ?? UNIVERSE_CACHE_MS,
  ): RefreshingValue<T> {
    return new RefreshingValue({
      load,
      freshMs,
      maxStaleMs: this.options.universeMaxStaleMs ?? UNIVERSE_MAX_STALE_MS,
      retryAfterMs: UNIVERSE_RETRY_MS,
      onRefreshError: (error) =>
        logger.error(`Refreshing ${what} failed; serving the previous copy`, error as Error),
    });
  }

  /** The company, or a 404 that names the symbol. */
  async stock(symbol: string): Promise<StockRecord> {
    const record = await this.stocks.findBySymbol(symbol);
    if (!record) throw new NotFound(`Unknown symbol "${symbol}"`);
    return record;
  }

  /** A company or one of the §3 market indexes: anything with a price. */
  async priced(symbol: string): Promise<PricedInstrument & { index?: MarketIndex }> {
    const index = findMarketIndex(symbol);
    if (index) return { symbol, exchangeShortName: index.exchangeShortName, index };
    const record = await this.stock(symbol);
    return {
      symbol: record.symbol,
      exchangeShortName: record.profile.exchangeShortName,
      instrument: record.instrument,
    };
  }

  async stockList(now: Date): Promise<CompactStockList> {
    await this.dropChangedCopies();
    return this.list.get(now.getTime());
  }

  async profiles(now: Date): Promise<StockRecord[]> {
    await this.dropChangedCopies();
    return this.universe.get(now.getTime());
  }

  /**
   * Drops the list and profile copies once the console has changed a stock since they were
   * checked (one small consistent read, shared by concurrent requests): a renamed, restored,
   * added, hidden or deleted stock shows so in search, pickers and lists at once, not after the
   * copies' minute. If the read fails, the copies serve until they expire as before.
   */
  private async dropChangedCopies(): Promise<void> {
    const read = (this.revisionRead ??= this.stocks.listRevision().finally(() => {
      this.revisionRead = undefined;
    }));
    let revision: string | null;
    try {
      revision = await read;
    } catch (error) {
      logger.error('Reading the stock list revision failed; serving the copies', error as Error);
      return;
    }
    if (this.seenRevision !== undefined && revision !== this.seenRevision) {
      this.list.invalidate();
      this.universe.invalidate();
      this.screenerRows = undefined;
    }
    this.seenRevision = revision;
  }

  async quote(symbol: string, now: Date): Promise<Quote> {
    const index = findMarketIndex(symbol);
    if (index)
      return this.market.quote({ symbol, exchangeShortName: index.exchangeShortName }, now);
    const record = await this.stock(symbol);
    return withAverageVolume(await this.market.quote(toPriced(record), now), record.profile);
  }

  /**
   * FMP /profile: the stored profile with its live fields from the quote. A listing the market
   * data has no quote for yet (a stock just added) is still a company: its profile comes without
   * the live fields rather than as a 404.
   */
  async profile(
    symbol: string,
    now: Date,
  ): Promise<{ record: StockRecord; profile: CompanyProfile }> {
    const stored = await this.stock(symbol);
    const [quote, description] = await Promise.all([
      this.market.quote(toPriced(stored), now).catch((error: unknown) => {
        if (error instanceof NotFound) return undefined;
        throw error;
      }),
      this.options.descriptions?.storedValue(stored.isin),
    ]);
    const record =
      description === undefined
        ? stored
        : { ...stored, profile: { ...stored.profile, description } };
    return { record, profile: quote ? liveProfile(record.profile, quote) : record.profile };
  }

  /** The company's statements of a kind and period, newest first (SPEC §7's default limit 8). */
  async statements<K extends StatementKind>(
    symbol: string,
    kind: K,
    period: StatementPeriod,
    limit: number = STATEMENT_DEFAULT_LIMIT,
  ): Promise<{ record: StockRecord; items: IdentifiedStatement<K>[] }> {
    const record = await this.stock(symbol);
    const collection = await this.stocks.getStatements(record.isin, kind);
    const periods = (period === 'annual' ? collection?.annual : collection?.quarter) ?? [];
    const items = periods.slice(0, limit).map((s) => identifyStatement(kind, s));
    // SPEC §3: TTM items exist for income and cash flow only, shown before the periods.
    const ttm = hasTtm(kind) ? ttmStatement(kind, collection?.quarter ?? []) : undefined;
    return { record, items: ttm ? [identifyStatement(kind, ttm), ...items] : items };
  }

  /** Intraday bars since the start of `fromDay` (YYYY-MM-DD; default today, SPEC §3's 1D). */
  async intraday(
    symbol: string,
    interval: IntradayInterval,
    fromDay: string | undefined,
    now: Date,
  ): Promise<PriceBar[]> {
    const from = startOfDayUtc(fromDay ?? now.toISOString().slice(0, 10));
    const priced = await this.priced(symbol);
    const bars = await this.market.intraday(priced, interval, from, now);
    if (bars.length > 0) return bars;
    // No session since `from` (a weekend, a holiday, before the open): show the latest session
    // instead of an empty chart, as a market-data site does for "1D".
    const lookBack = new Date(from.getTime() - INTRADAY_LOOKBACK_DAYS * DAY_MS);
    const recent = await this.market.intraday(priced, interval, lookBack, now);
    const latestDay = recent[0]?.date.slice(0, 10);
    return latestDay ? recent.filter((bar) => bar.date.startsWith(latestDay)) : [];
  }

  /** Daily bars since the start of `fromDay` (YYYY-MM-DD; default 40 years ago, SPEC §3's ALL). */
  async daily(symbol: string, fromDay: string | undefined, now: Date): Promise<PriceBar[]> {
    const from = fromDay ? startOfDayUtc(fromDay) : yearsAgo(now, ALL_YEARS);
    return this.market.daily(await this.priced(symbol), from, now);
  }

  /**
   * What the TTM ratios are computed from: the TTM statements, the balance sheet a year earlier
   * (for averages), the live price and the share count. Never stored, so never stale.
   */
  async ttmInputs(symbol: string, now: Date): Promise<{ record: StockRecord; inputs: TtmInputs }> {
    const record = await this.stock(symbol);
    const [income, balance, cash, quote] = await Promise.all([
      this.stocks.getStatements(record.isin, 'income'),
      this.stocks.getStatements(record.isin, 'balance'),
      this.stocks.getStatements(record.isin, 'cash'),
      this.quoteIfPriced(record, now),
    ]);
    const ttmIncome = ttmIncomeStatement(income?.quarter ?? []);
    const ttmBalance = ttmBalanceSheet(balance?.quarter ?? []);
    const ttmCash = ttmCashFlowStatement(cash?.quarter ?? []);
    if (!ttmIncome || !ttmBalance || !ttmCash) {
      throw new NotFound(`No trailing-twelve-month statements for "${record.symbol}"`);
    }
    const previousBalance = balance?.quarter[4];
    const previousEps = ttmIncomeStatement(income?.quarter.slice(4) ?? [])?.eps;
    // A listing quoted in another currency than the statements (an ADR) needs a rate; without one
    // the price ratios are null rather than wrong.
    const priceCurrency = record.profile.currency;
    const rates =
      priceCurrency === ttmIncome.reportedCurrency
        ? undefined
        : await this.fxRates(now).catch((error: unknown) => {
            logger.error('Reading the FX rates for TTM ratios failed', error as Error);
            return undefined;
          });
    return {
      record,
      inputs: {
        income: ttmIncome,
        balance: ttmBalance,
        cash: ttmCash,
        ...(previousBalance ? { previousBalance } : {}),
        ...(previousEps !== undefined ? { previousEps } : {}),
        // No price yet (a stock an admin just added): the price ratios are null, the rest stand.
        price: quote?.price ?? Number.NaN,
        priceCurrency,
        ...(rates ? { rates } : {}),
        sharesOutstanding: record.profile.sharesOutstanding,
        dividendPerShare: record.profile.lastDiv,
        companyType: companyTypeOf(record.profile),
      },
    };
  }

  /**
   * The listing's quote, or undefined while no market prices it (a stock an admin has just added:
   * the provider has no prices for it yet). Any other failure is the caller's.
   */
  private async quoteIfPriced(record: StockRecord, now: Date): Promise<Quote | undefined> {
    try {
      return await this.market.quote(toPriced(record), now);
    } catch (error) {
      if (error instanceof NotFound) return undefined;
      throw error;
    }
  }

  async ratiosTtm(symbol: string, now: Date): Promise<RatiosTtm & { symbol: string }> {
    const { record, inputs } = await this.ttmInputs(symbol, now);
    return { symbol: record.symbol, ...computeRatiosTtm(inputs) };
  }

  async keyMetricsTtm(symbol: string, now: Date): Promise<KeyMetricsTtm & { symbol: string }> {
    const { record, inputs } = await this.ttmInputs(symbol, now);
    return { symbol: record.symbol, ...computeKeyMetricsTtm(inputs) };
  }

  /**
   * The company's analyst data, ingested or curated, with the targets' range spanning the current
   * grades' targets (core's one rule), so the page never shows a grade above its High.
   */
  async analyst(symbol: string) {
    const record = await this.stock(symbol);
    const data = await this.stocks.getAnalyst(record.isin);
    return data && withConsistentTargets(data);
  }

  /**
   * The Shariah screen of every standard: the latest balance sheet and the trailing year's income
   * whatever statements the company has (core's shariahStatements: annual sheets only, or none,
   * still give a screen, its missing inputs named), the market cap now and averaged over 24 and
   * 36 months from the mean closes stored with the company (the screener judges by the same ones)
   * at today's share count; the closes are read now only for a company stored without them. A
   * reviewer's inputs and override always reach the page.
   */
  async shariah(symbol: string, now: Date): Promise<ShariahScreen & { symbol: string }> {
    const record = await this.stock(symbol);
    const [incomeCollection, balanceCollection, reviewed, quote] = await Promise.all([
      this.stocks.getStatements(record.isin, 'income'),
      this.stocks.getStatements(record.isin, 'balance'),
      this.stocks.getShariah(record.isin),
      this.quoteIfPriced(record, now),
    ]);
    const { balance, income } = shariahStatements(incomeCollection, balanceCollection);
    // Until a reviewer enters them, the inputs come from the provider's industry and statements;
    // without both statements there are none, and the page says no screen exists.
    const provided =
      reviewed ??
      (income && balance ? providerShariahInputs(record.profile, income, balance) : undefined);
    if (!provided) {
      throw new NotFound(`No Shariah screening data for "${record.symbol}"`);
    }
    const closes =
      record.averageCloses ?? (await readAverageCloses(this.market, toPriced(record), now));
    // Market caps in the statements' currency, as the screens divide reported figures by them;
    // without a rate they are NaN and the market-cap screens name the market cap as missing. A
    // curated screen without statements takes its figures in the listing's currency.
    const priceCurrency = record.profile.currency;
    const reported = (income ?? balance)?.reportedCurrency ?? priceCurrency;
    const rates =
      priceCurrency === reported
        ? undefined
        : await this.fxRates(now).catch((error: unknown) => {
            logger.error('Reading the FX rates for the Shariah screen failed', error as Error);
            return undefined;
          });
    const factor = conversionFactor(priceCurrency, reported, rates) ?? Number.NaN;
    const shares = record.profile.sharesOutstanding;
    return {
      symbol: record.symbol,
      ...screenShariah({
        balance,
        income,
        // Without a price the market cap is unknown: the screens that need it name it as missing.
        marketCap: (quote?.price ?? Number.NaN) * factor * shares,
        ...averageMarketCaps(closes, shares * factor),
        inputs: provided,
      }),
      ...(reviewed ? {} : { providerInputs: true as const }),
    };
  }

  /**
   * Quotes of many symbols in one batched provider call (FMP's comma-separated /quote), by upper-
   * case symbol: companies found in the in-process universe copy (not a table read each), §3's
   * indexes by their listing. A symbol neither knows, or one the provider has no quote for, is
   * left out. The price-alert evaluator's batch and the watchlist rows both read quotes so.
   */
  async quotes(symbols: readonly string[], now: Date): Promise<Map<string, Quote>> {
    const bySymbol = this.symbolIndex(await this.profiles(now));
    const known = symbols.flatMap((symbol) => this.listing(bySymbol, symbol)?.priced ?? []);
    return this.quotesOf(known, now);
  }

  /**
   * Many symbols' quotes and sparklines at once (a watchlist's rows): the quotes as `quotes`
   * reads them, a sparkline each. An unknown symbol answers a row without a quote instead of
   * failing the batch; so does one the provider has no quote for.
   */
  async watchQuotes(symbols: readonly string[], now: Date): Promise<WatchQuote[]> {
    const bySymbol = this.symbolIndex(await this.profiles(now));
    // Enough calendar days for SPARK_SESSIONS trading days over weekends and holidays.
    const from = new Date(
      now.getTime() - ((SPARK_SESSIONS * 7) / 5) * DAY_MS - INTRADAY_LOOKBACK_DAYS * DAY_MS,
    );
    const rows = symbols.map((symbol) => ({ symbol, listing: this.listing(bySymbol, symbol) }));
    const known = rows.flatMap(({ listing }) => (listing ? [listing.priced] : []));
    const [quotes, sparks] = await Promise.all([
      this.quotesOf(known, now),
      Promise.all(known.map((priced) => this.market.daily(priced, from, now))),
    ]);
    const sparkOf = new Map(known.map((priced, at) => [priced.symbol, sparks[at] ?? []]));
    return rows.map(({ symbol, listing }): WatchQuote => {
      if (!listing) return { symbol, name: null, currency: null, quote: null, spark: [] };
      const { priced, name, currency } = listing;
      return {
        symbol: priced.symbol,
        name,
        currency,
        quote: quotes.get(priced.symbol.toUpperCase()) ?? null,
        // Bars come newest first; the line reads oldest first.
        spark: (sparkOf.get(priced.symbol) ?? [])
          .slice(0, SPARK_SESSIONS)
          .map((bar) => bar.close)
          .reverse(),
      };
    });
  }

  /**
   * Many symbols' Shariah verdicts under every standard (a watchlist's verdict column): each
   * company's as its screener row judges it (screenerStock, core's screen at the live price), its
   * fundamentals read in bulk for these companies only, so a curation write shows at once. An
   * index, an unknown symbol or a company without a price yet answers why it has none.
   */
  async shariahVerdicts(symbols: readonly string[], now: Date): Promise<SymbolShariahVerdicts[]> {
    const bySymbol = this.symbolIndex(await this.profiles(now));
    // A company stored since the universe copy was taken (just ingested or added in the console)
    // is read on its own: judged 'unknown' from a minutes-old copy, its first verdict would be
    // none, and the verdict alerts would later report a change from none that never happened.
    const rows = await Promise.all(
      symbols.map(async (symbol) => ({
        symbol,
        record: findMarketIndex(symbol)
          ? undefined
          : (bySymbol.get(symbol.toUpperCase()) ?? (await this.stocks.findBySymbol(symbol))),
      })),
    );
    const records = rows.flatMap(({ record }) => (record ? [record] : []));
    const [quotes, fundamentals, rates] = await Promise.all([
      this.quotesOf(records.map(toPriced), now),
      loadScreenerFundamentals(this.stocks, records),
      // Only foreign-reporting companies need them; without them their market-cap screens lack it.
      this.fxRates(now).catch((error: unknown) => {
        logger.error('Reading the FX rates for the Shariah verdicts failed', error as Error);
        return undefined;
      }),
    ]);
    return rows.map(({ symbol, record }): SymbolShariahVerdicts => {
      if (!record) return { symbol, unavailable: findMarketIndex(symbol) ? 'index' : 'unknown' };
      const quote = quotes.get(record.symbol.toUpperCase());
      if (!quote) return { symbol: record.symbol, unavailable: 'no-price' };
      const { shariah } = screenerStock(record, quote, fundamentals.get(record.isin), rates);
      return { symbol: record.symbol, ...(shariah ? { shariah } : {}) };
    });
  }

  /** One batched provider call, by upper-case symbol. */
  private async quotesOf(
    instruments: readonly PricedInstrument[],
    now: Date,
  ): Promise<Map<string, Quote>> {
    const quotes = await this.market.quotes(instruments, now);
    return new Map(quotes.map((quote) => [quote.symbol.toUpperCase(), quote]));
  }

  /** A symbol's listing: a company of the universe copy or one of §3's indexes; else undefined. */
  private listing(
    bySymbol: Map<string, StockRecord>,
    symbol: string,
  ): { priced: PricedInstrument; name: string; currency: string } | undefined {
    const index = findMarketIndex(symbol);
    if (index) {
      const priced = { symbol, exchangeShortName: index.exchangeShortName };
      return { priced, name: index.name, currency: index.currency };
    }
    const record = bySymbol.get(symbol.toUpperCase());
    if (!record) return undefined;
    const { companyName, currency } = record.profile;
    return { priced: toPriced(record), name: companyName, currency };
  }

  private readonly symbolIndexes = new WeakMap<object, Map<string, StockRecord>>();

  /** The universe copy by upper-case symbol, built once per copy (listed stocks only). */
  async profilesBySymbol(now: Date): Promise<ReadonlyMap<string, StockRecord>> {
    return this.symbolIndex(await this.profiles(now));
  }

  /** The universe copy by symbol, built once per copy. */
  private symbolIndex(records: StockRecord[]): Map<string, StockRecord> {
    let index = this.symbolIndexes.get(records);
    if (!index) {
      index = new Map(records.map((record) => [record.symbol.toUpperCase(), record]));
      this.symbolIndexes.set(records, index);
    }
    return index;
  }

  /**
   * Every §3 market index with its quote, in the order of MARKET_INDEXES (GraphQL's indexes); an
   * index the provider's plan does not cover has a null quote, the others' failures fail the read.
   */
  async indexQuotes(
    now: Date,
  ): Promise<(MarketIndex & Pick<IndexQuote, 'quote' | 'unavailable'>)[]> {
    return Promise.all(
      MARKET_INDEXES.map(async (index) => {
        try {
          const priced = { symbol: index.symbol, exchangeShortName: index.exchangeShortName };
          return { ...index, quote: await this.market.quote(priced, now) };
        } catch (error) {
          // One index without a quote leaves its card saying why, not the other cards empty.
          if (error instanceof NotCovered)
            return { ...index, quote: null, unavailable: 'not-covered' as const };
          if (error instanceof NotFound)
            return { ...index, quote: null, unavailable: 'no-quote' as const };
          throw error;
        }
      }),
    );
  }

  /**
   * The indexes with their quotes and the day's line each: the home page's cards in one read,
   * instead of one read of each index's 1D chart.
   */
  async indexes(now: Date): Promise<IndexQuote[]> {
    const [quoted, sparks] = await Promise.all([
      this.indexQuotes(now),
      Promise.all(MARKET_INDEXES.map((index) => this.daySpark(index.symbol, now))),
    ]);
    return quoted.map((index, at) => ({ ...index, spark: sparks[at] ?? NO_SPARK }));
  }

  private readonly sparks = new Map<string, RefreshingValue<DaySpark>>();

  /**
   * An index's line: the bars its 1D chart shows (this.intraday with the chart's 1-minute interval
   * and today's start), thinned by core. Kept a minute per index, so the indexes read (cached for
   * seconds) costs the provider at most one bar read per index a minute, whatever the traffic.
   * A failed read draws no line on that card rather than failing the quotes.
   */
  private async daySpark(symbol: string, now: Date): Promise<DaySpark> {
    let spark = this.sparks.get(symbol);
    if (!spark) {
      spark = this.refreshing(
        `the ${symbol} sparkline`,
        async (at) => daySpark(await this.intraday(symbol, '1min', undefined, new Date(at))),
        this.options.sparkCacheMs ?? SPARK_CACHE_MS,
      );
      this.sparks.set(symbol, spark);
    }
    return spark.get(now.getTime()).catch((error: unknown) => {
      // An index outside the data plan (or without bars) has no line: no fault to log each minute.
      if (error instanceof NotFound) return NO_SPARK;
      logger.warn(`Reading the ${symbol} sparkline failed; its card draws no line`, error as Error);
      return NO_SPARK;
    });
  }

  /** The day's movers of the whole universe (core/market/movers.ts ranks them). */
  async movers(limit: number = DEFAULT_MOVERS_LIMIT, now: Date): Promise<Movers> {
    const [quotes, rates] = await Promise.all([
      this.universeQuotes(now),
      // Without rates the most active list only the listings in dollars, never a mixed ranking.
      this.fxRates(now).catch((error: unknown) => {
        logger.error('Reading the FX rates for the most active failed', error as Error);
        return undefined;
      }),
    ]);
    return rankMovers(quotes, limit, rates);
  }

  /**
   * The calendar of a range for the companies of the universe (a provider's events of other
   * listings are left out), as shown today: with their currency, and each dividend with the
   * company's dividend yield at the live price.
   */
  async calendar(query: CalendarQuery, now: Date): Promise<CalendarEvent[]> {
    const source = this.options.calendar;
    if (!source) throw new Error('The asset service has no calendar source');
    const range = { from: query.from, to: query.to };
    const [records, events] = await Promise.all([
      this.profiles(now),
      source.events(range, query.symbols),
    ]);
    const bySymbol = new Map(records.map((r) => [r.symbol, r]));
    const known = events.filter((e) => bySymbol.has(e.symbol));
    const selected = selectEvents(known, {
      range,
      today: now.toISOString().slice(0, 10),
      ...(query.symbols ? { symbols: query.symbols } : {}),
      ...(query.kinds ? { kinds: query.kinds } : {}),
    });
    // Every dividend shows the company's yield by the one rule the screener uses, whatever a
    // source sent: the last twelve months' dividends per share over the live price.
    const needPrice = new Set(selected.filter((e) => e.kind === 'dividend').map((e) => e.symbol));
    const prices = new Map(
      await Promise.all(
        [...needPrice].map(async (symbol) => {
          const record = bySymbol.get(symbol) as StockRecord;
          return [symbol, (await this.market.quote(toPriced(record), now)).price] as const;
        }),
      ),
    );
    return selected.map((e) => {
      const record = bySymbol.get(e.symbol);
      const currency = record?.profile.currency;
      if (e.kind === 'split') return e;
      const withCurrency = e.currency || !currency ? e : { ...e, currency };
      if (withCurrency.kind !== 'dividend') return withCurrency;
      return {
        ...withCurrency,
        yield: trailingDividendYieldPercent(record?.profile.lastDiv, prices.get(e.symbol)),
      };
    });
  }

  /**
   * Quotes for the whole universe (the screener and movers filter and rank them). A company the
   * market data has no quote for yet (one just added) is left out, not given a price.
   */
  async universeQuotes(now: Date): Promise<{ record: StockRecord; quote: Quote }[]> {
    const records = await this.profiles(now);
    const quoted = await Promise.all(
      records.map(async (record) => {
        try {
          return [{ record, quote: await this.market.quote(toPriced(record), now) }];
        } catch (error) {
          if (error instanceof NotFound) return [];
          throw error;
        }
      }),
    );
    return quoted.flat();
  }

  /** Exchange rates (units per US dollar) for the screener's conversions. */
  fxRates(now: Date): Promise<FxRates> {
    return this.fx.get(now.getTime());
  }

  /**
   * Every company as a screener row at its live price (core's runScreen filters and pages). A build
   * serves the screens of the next few seconds (SCREENER_ROWS_MS); a failed one is not kept.
   */
  screenerUniverse(now: Date): Promise<ScreenerStock[]> {
    const at = now.getTime();
    const kept = this.screenerRows;
    if (kept && at >= kept.at && at - kept.at < SCREENER_ROWS_MS) return kept.rows;
    const rows = this.buildScreenerRows(now);
    this.screenerRows = { at, rows };
    rows.catch(() => {
      if (this.screenerRows?.rows === rows) this.screenerRows = undefined;
    });
    return rows;
  }

  private async buildScreenerRows(now: Date): Promise<ScreenerStock[]> {
    const [quotes, fundamentals, rates] = await Promise.all([
      this.universeQuotes(now),
      this.fundamentals.get(now.getTime()),
      // Only foreign listings need them; without them their price ratios are null.
      this.fxRates(now).catch((error: unknown) => {
        logger.error('Reading the FX rates for the screener ratios failed', error as Error);
        return undefined;
      }),
    ]);
    return quotes.map(({ record, quote }) =>
      screenerStock(record, quote, fundamentals.get(record.isin), rates),
    );
  }
}

export const toPriced = (record: StockRecord): PricedInstrument => ({
  symbol: record.symbol,
  exchangeShortName: record.profile.exchangeShortName,
  instrument: record.instrument,
});

/**
 * A quote's average volume, or where the source's quote has none (FMP's stable quote: 0, "not
 * known") the stored profile's: the stock page never shows a 0 that only means "not sent".
 */
export function withAverageVolume(quote: Quote, profile: CompanyProfile): Quote {
  if (quote.avgVolume > 0 || !profile.volAvg) return quote;
  return { ...quote, avgVolume: profile.volAvg };
}

/** The provider's live profile fields, computed from the quote and the share count. */
export function liveProfile(profile: CompanyProfile, quote: Quote): CompanyProfile {
  return {
    ...profile,
    price: quote.price,
    changes: quote.change,
    mktCap: Math.round(quote.price * profile.sharesOutstanding),
    volAvg: withAverageVolume(quote, profile).avgVolume,
    range: `${quote.yearLow}-${quote.yearHigh}`,
  };
}
