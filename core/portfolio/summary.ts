import { conversionFactor, CURRENCIES, type Currency, type FxRates } from '../market/fx';
import type { ShariahStandard, ShariahVerdict } from '../market/shariah';
import {
  ALLOCATION_KEYS,
  allocationBy,
  complianceByStandard,
  type AllocationKey,
  type ComplianceSplit,
  type HoldingValue,
  type Slice,
} from './allocation';
import { ledgerOf, type Holding, type Ledger } from './holdings';
import {
  benchmarkReturn,
  performanceByPeriod,
  pointsBetween,
  type Close,
  type PeriodPerformance,
} from './performance';
import {
  purificationTotals,
  purifyDividends,
  type DividendPurification,
  type PurificationTotal,
} from './purification';
import type { PortfolioSummaryInput, SymbolMarket } from './summary-inputs';
import { valuationDays } from './valuation-days';
import { valueSeries, type ValuePoint } from './value-series';
import { zakatOf } from './summary-zakat';
import type { ZakatEstimate } from './zakat';

/**
 * A portfolio's summary: every figure the dashboard, the API and the reports show, computed in one
 * go from the transactions and what the product knows of the symbols (summary-inputs.ts). Nothing
 * here is stored; a figure whose input is missing is null or `{ missing }` naming the input,
 * never a guess.
 *
 * The product keeps today's exchange rates only, so amounts in another currency than the
 * portfolio's (cost, gains, dividends, past values) convert at today's rates: the figures are the
 * listings' own gains and returns in the portfolio's currency, without the currency moves of the
 * past.
 */

/** A figure that could not be computed, and the input it lacks in words. */
export interface Missing {
  readonly missing: string;
}

export interface HoldingRow {
  readonly symbol: string;
  /** The currency its trades are in. */
  readonly currency: Currency;
  readonly quantity: number;
  /** Average-cost method, per share in the trade currency; null while nothing is held. */
  readonly averageCost: number | null;
  /** FIFO cost of the shares held, in the trade currency. */
  readonly costBasis: number;
  /** The latest price in the listing's currency; null when unknown. */
  readonly price: number | null;
  // In the portfolio currency; null when an input (price, rate) is missing: see `missing`.
  readonly marketValue: number | null;
  readonly costBasisValue: number | null;
  readonly unrealizedGain: number | null;
  /** FIFO, sales to date. */
  readonly realizedGain: number | null;
  /** Cash received, after tax withheld. */
  readonly dividends: number | null;
  /** Fees charged on the holding outside its trades. */
  readonly fees: number | null;
  /** Of the valued holdings' total market value, 0..1; null when its value is missing. */
  readonly weight: number | null;
  readonly sector: string | null;
  readonly country: string | null;
  /** Under the user's standard; null when the stock has not been screened. */
  readonly verdict: ShariahVerdict | null;
  readonly verdicts: Readonly<Partial<Record<ShariahStandard, ShariahVerdict>>>;
  readonly override: ShariahVerdict | null;
  /** The inputs this row lacks, in words (empty when complete). */
  readonly missing: readonly string[];
}

export interface SummaryTotals {
  /** Sums of the rows that have the figure (rows without it are named in `unvalued`). */
  readonly marketValue: number;
  readonly costBasis: number;
  readonly unrealizedGain: number;
  readonly realizedGain: number;
  readonly dividends: number;
  readonly fees: number;
  /** Uninvested cash, all currencies converted; null when a rate is missing. */
  readonly cash: number | null;
  /** Symbols held whose market value is missing, so the totals leave them out. */
  readonly unvalued: readonly string[];
}

export interface PeriodSummary extends PeriodPerformance {
  /** The benchmark's price return over the same days; null without its closes. */
  readonly benchmarkReturn: number | null;
}

export interface PortfolioSummary {
  readonly currency: Currency;
  readonly today: string;
  readonly standard: ShariahStandard;
  readonly holdings: readonly HoldingRow[];
  readonly totals: SummaryTotals;
  readonly valueSeries: readonly ValuePoint[] | Missing;
  readonly performance: readonly PeriodSummary[] | Missing;
  readonly benchmark: { readonly symbol: string | null } & Partial<Missing>;
  readonly allocation: Readonly<Record<AllocationKey, readonly Slice[]>>;
  readonly compliance: Readonly<Record<ShariahStandard, ComplianceSplit>>;
  readonly purification: {
    readonly dividends: readonly DividendPurification[];
    readonly byYear: readonly PurificationTotal[] | Missing;
    readonly byHolding: readonly PurificationTotal[] | Missing;
  };
  readonly zakat: ZakatEstimate | null;
}

/**
 * Rates that are never read: when the rates are unknown but every amount is in the portfolio's
 * currency, core's conversions return the amount untouched. NaN, not 1, should one ever be read.
 */
const UNREAD_RATES = Object.fromEntries(CURRENCIES.map((c) => [c, Number.NaN])) as FxRates;

const rateMissing = (from: string, to: Currency): string =>
  `an exchange rate from ${from} to ${to}`;

/** The rates to convert `currencies` into `to`, or what is missing. */
function ratesFor(
  currencies: Iterable<Currency>,
  to: Currency,
  rates: FxRates | undefined,
): FxRates | Missing {
  for (const from of currencies) {
    if (conversionFactor(from, to, rates) === undefined) return { missing: rateMissing(from, to) };
  }
  return rates ?? UNREAD_RATES;
}

function holdingRow(
  holding: Holding,
  market: SymbolMarket | undefined,
  input: PortfolioSummaryInput,
): Omit<HoldingRow, 'weight'> {
  const base = input.portfolio.currency;
  const missing: string[] = [];
  const toBase = (amount: number, from: Currency): number | null => {
    const factor = conversionFactor(from, base, input.rates);
    if (factor === undefined) {
      const what = rateMissing(from, base);
      if (!missing.includes(what)) missing.push(what);
      return null;
    }
    return amount * factor;
  };
  const price = market?.price !== undefined && Number.isFinite(market.price) ? market.price : null;
  let marketValue: number | null = 0;
  // A closed position is worth nothing whatever its price.
  if (holding.quantity > 0) {
    if (price === null) {
      missing.push(`the price of ${holding.symbol}`);
      marketValue = null;
    } else if (!market?.currency) {
      missing.push(`the listing currency of ${holding.symbol}`);
      marketValue = null;
    } else marketValue = toBase(holding.quantity * price, market.currency);
  }
  const costBasisValue = toBase(holding.costBasis, holding.currency);
  let dividends: number | null = 0;
  for (const d of holding.dividends) {
    const amount = toBase(d.amount, d.currency);
    dividends = amount === null || dividends === null ? null : dividends + amount;
  }
  const verdicts = market?.verdicts ?? {};
  return {
    symbol: holding.symbol,
    currency: holding.currency,
    quantity: holding.quantity,
    averageCost: holding.averageCost,
    costBasis: holding.costBasis,
    price,
    marketValue,
    costBasisValue,
    unrealizedGain:
      marketValue === null || costBasisValue === null ? null : marketValue - costBasisValue,
    realizedGain: toBase(holding.realizedGain, holding.currency),
    dividends,
    fees: toBase(holding.fees, holding.currency),
    sector: market?.sector || null,
    country: market?.country || null,
    verdict: verdicts[input.standard] ?? null,
    verdicts,
    override: market?.override ?? null,
    missing,
  };
}

function totalsOf(rows: readonly HoldingRow[], ledger: Ledger, input: PortfolioSummaryInput) {
  const sum = (pick: (row: HoldingRow) => number | null) =>
    rows.reduce((total, row) => total + (pick(row) ?? 0), 0);
  let cash: number | null = 0;
  for (const [currency, amount] of Object.entries(ledger.cash)) {
    const factor = conversionFactor(currency, input.portfolio.currency, input.rates);
    cash = factor === undefined || cash === null ? null : cash + (amount ?? 0) * factor;
  }
  return {
    marketValue: sum((r) => r.marketValue),
    costBasis: sum((r) => r.costBasisValue),
    unrealizedGain: sum((r) => r.unrealizedGain),
    realizedGain: sum((r) => r.realizedGain),
    dividends: sum((r) => r.dividends),
    fees: sum((r) => r.fees),
    cash,
    unvalued: rows.filter((r) => r.marketValue === null).map((r) => r.symbol),
  };
}

/**
 * A symbol's close for a valuation day, as valueSeries asks for them (days in order): the latest
 * close on or before the day that it has not been given yet (undefined: keep the last price), so
 * a sampled day values the week's last close; today is the live price. A split between that close
 * and the day has already been applied to the shares, so the close is divided by its ratio too.
 */
function closeReader(input: PortfolioSummaryInput, ledger: Ledger) {
  const splitsOf = new Map<string, { date: string; ratio: number }[]>();
  for (const t of input.portfolio.transactions) {
    if (t.type === 'split') splitsOf.set(t.symbol, [...(splitsOf.get(t.symbol) ?? []), t]);
  }
  const readers = new Map<string, (date: string) => number | undefined>();
  for (const holding of ledger.holdings) {
    const market = input.market.get(holding.symbol);
    const closes = market?.closes ?? [];
    // Closes are in the listing's currency, the series counts shares in the trades' currency.
    const factor = market?.currency
      ? conversionFactor(market.currency, holding.currency, input.rates)
      : undefined;
    if (factor === undefined) continue;
    const splits = splitsOf.get(holding.symbol) ?? [];
    const live = market?.price;
    let next = 0;
    readers.set(holding.symbol, (date) => {
      // Today is valued at the live price, as the rows are: the series ends at their total.
      if (date === input.today && live !== undefined && Number.isFinite(live)) return live * factor;
      let at = -1;
      while (next < closes.length && closes[next]!.date <= date) at = next++;
      if (at < 0) return undefined;
      const close = closes[at]!;
      let ratio = 1;
      for (const split of splits) {
        if (split.date > close.date && split.date <= date) ratio *= split.ratio;
      }
      return (close.close * factor) / ratio;
    });
  }
  return (symbol: string, date: string) => readers.get(symbol)?.(date);
}

/** The benchmark's return over the days a period of the portfolio covers. */
const benchmarkOver = (closes: readonly Close[], from: string, to: string): number | null =>
  benchmarkReturn(pointsBetween(closes, from, to), 'ALL', to);

function performanceOf(
  input: PortfolioSummaryInput,
  ledger: Ledger,
): Pick<PortfolioSummary, 'valueSeries' | 'performance'> {
  const { transactions, currency } = input.portfolio;
  const rates = ratesFor(
    new Set(transactions.flatMap((t) => ('currency' in t ? [t.currency] : []))),
    currency,
    input.rates,
  );
  if ('missing' in rates) return { valueSeries: rates, performance: rates };
  const first = transactions.reduce<string | undefined>(
    (min, t) => (min === undefined || t.date < min ? t.date : min),
    undefined,
  );
  if (first === undefined || first > input.today) return { valueSeries: [], performance: [] };
  const dates = valuationDays(first, input.today);
  const points = valueSeries({
    transactions,
    dates,
    currency,
    closeOf: closeReader(input, ledger),
    ratesOn: () => rates,
  });
  const closes = input.benchmarkCloses ?? [];
  const performance = performanceByPeriod(points, input.today).map((p) => ({
    ...p,
    benchmarkReturn: benchmarkOver(closes, p.from, p.to),
  }));
  return { valueSeries: points, performance };
}

function purificationOf(input: PortfolioSummaryInput, ledger: Ledger) {
  const dividends = ledger.holdings.flatMap((h) =>
    h.dividends.map((d) => ({ symbol: h.symbol, ...d })),
  );
  const results = purifyDividends(
    dividends,
    (symbol) => input.market.get(symbol)?.nonPermissibleShares ?? [],
  );
  const { currency } = input.portfolio;
  const rates = ratesFor(new Set(dividends.map((d) => d.currency)), currency, input.rates);
  if ('missing' in rates) return { dividends: results, byYear: rates, byHolding: rates };
  return {
    dividends: results,
    byYear: purificationTotals(results, 'year', currency, rates),
    byHolding: purificationTotals(results, 'symbol', currency, rates),
  };
}

/**
 * The summary. Throws Invalid (naming the transaction's field) for transactions the ledger cannot
 * take; a stored portfolio never has any.
 */
export function portfolioSummary(input: PortfolioSummaryInput): PortfolioSummary {
  const { currency, benchmark } = input.portfolio;
  const ledger = ledgerOf(input.portfolio.transactions);
  const partial = ledger.holdings.map((h) => holdingRow(h, input.market.get(h.symbol), input));
  const valued = partial.reduce((sum, r) => sum + (r.marketValue ?? 0), 0);
  const holdings: HoldingRow[] = partial.map((r) => ({
    ...r,
    weight: r.marketValue === null ? null : valued > 0 ? r.marketValue / valued : 0,
  }));

  const values: HoldingValue[] = holdings.flatMap((r) =>
    r.marketValue === null ? [] : [{ symbol: r.symbol, value: r.marketValue }],
  );
  const bySymbol = new Map(holdings.map((r) => [r.symbol, r]));
  const factsOf = (symbol: string) => {
    const row = bySymbol.get(symbol);
    return {
      sector: row?.sector ?? undefined,
      country: row?.country ?? undefined,
      currency: input.market.get(symbol)?.currency ?? row?.currency,
      verdict: row?.verdict ?? undefined,
    };
  };
  const allocation = Object.fromEntries(
    ALLOCATION_KEYS.map((key) => [key, allocationBy(key, values, factsOf)]),
  ) as Record<AllocationKey, Slice[]>;

  const benchmarkState =
    benchmark === undefined
      ? { symbol: null }
      : input.benchmarkCloses && input.benchmarkCloses.length > 1
        ? { symbol: benchmark }
        : { symbol: benchmark, missing: `the daily closes of ${benchmark}` };

  return {
    currency,
    today: input.today,
    standard: input.standard,
    holdings,
    totals: totalsOf(holdings, ledger, input),
    ...performanceOf(input, ledger),
    benchmark: benchmarkState,
    allocation,
    compliance: complianceByStandard(
      values,
      (symbol, standard) => bySymbol.get(symbol)?.verdicts[standard],
    ),
    purification: purificationOf(input, ledger),
    zakat: input.zakat ? zakatOf(input, input.zakat) : null,
  };
}
