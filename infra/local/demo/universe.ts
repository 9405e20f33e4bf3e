import { EXCHANGES, type Exchange, type ExchangeShortName } from '../../../core/market/exchanges';
import { latestFiledPeriods, type FiledPeriods } from '../../../core/market/filing-lag';
import { ANCHOR_DATE } from '../../../core/market/simulation-anchor';
import type {
  AnalystData,
  BalanceSheet,
  CashFlowStatement,
  CompanyProfile,
  IncomeStatement,
  MarketInstrument,
  ShariahInputs,
} from '../../../core/market/types';
import { analystData } from './analyst';
import { closesOf } from './close-on';
import {
  annualRecord,
  operatingIncomeOf,
  simulateFinancials,
  type CompanyTraits,
  type PeriodRecord,
} from './financials';
import {
  averageWeightedShares,
  marketInstrument,
  priceRangeOf,
  valueCompany,
  weightedSharesOfQuarter,
} from './instrument';
import { inventNationalPart, makeIsin } from './isin';
import { localeOf } from './locales';
import {
  composeCompanyName,
  inventBrand,
  inventPerson,
  isDenylistedName,
  lettersOf,
  slugOf,
} from './names';
import { describe, inventEmployees, inventFoundedYear, inventIpoDate, pickCity } from './profile';
import { createRandom, type Random } from './random';
import { businessActivityOf, shariahInputs } from './shariah';
import {
  addDays,
  buildBalanceSheet,
  buildCashFlowStatement,
  buildIncomeStatement,
  periodDates,
  type PeriodShares,
  type StatementContext,
} from './statements';
import { SECTORS, SECTOR_TILTS, industryAllowedOn, type IndustryProfile } from './taxonomy';
import { inventSymbol } from './tickers';

/**
 * The deterministic demo universe: fictional companies across the exchanges of
 * core/market/exchanges.ts, each with an FMP-shaped profile, ten fiscal years and twelve quarters of
 * statements whose accounting identities hold exactly, analyst data, Shariah-screen inputs and the
 * parameters the simulated market prices it with. The same seed and anchor always yield the same
 * universe, and a smaller count yields a prefix of a larger one.
 *
 * The anchor is the day the universe is seen from (the local stack's first start): the statements
 * run to the latest fiscal year and quarter filed by then (core/market/filing-lag), and the analyst
 * consensus and grades are dated before it. Nothing in the universe is history after the anchor.
 */

/** The profile without the fields the live quote fills in. */
/** The generator reports every company's head count and IPO date, as a full provider profile does. */
export type DemoProfile = Omit<
  CompanyProfile,
  'price' | 'changes' | 'mktCap' | 'volAvg' | 'range' | 'fullTimeEmployees' | 'ipoDate'
> & { readonly fullTimeEmployees: number; readonly ipoDate: string };

export interface DemoStatements {
  /** Newest first. */
  readonly income: readonly IncomeStatement[];
  readonly balance: readonly BalanceSheet[];
  readonly cash: readonly CashFlowStatement[];
}

export interface DemoCompany {
  readonly profile: DemoProfile;
  readonly instrument: MarketInstrument;
  /** Ten fiscal years, newest first. */
  readonly annual: DemoStatements;
  /** Twelve quarters, newest first. */
  readonly quarterly: DemoStatements;
  readonly analyst: AnalystData;
  readonly shariah: ShariahInputs;
}

export interface UniverseOptions {
  readonly seed?: string;
  readonly count?: number;
  /**
   * The day the universe is seen from (YYYY-MM-DD): statements run to the latest periods filed by
   * then, analyst data is dated before it. Explicit, so a universe never depends on the clock.
   */
  readonly anchor: string;
}

export const DEFAULT_SEED = 'stockscope-demo';
export const DEFAULT_COUNT = 2400;
/**
 * A fixed anchor for tests and benches, so their universe is the same on every day they run (the
 * stack records its own, see infra/local/seed-stocks.ts).
 */
export const FIXED_DEMO_ANCHOR = '2026-11-26';
export const ANNUAL_PERIODS = 10;
export const QUARTERLY_PERIODS = 12;

/** Share of listings per exchange: the US about 40 %, the rest spread. */
export const EXCHANGE_WEIGHTS: Readonly<Record<ExchangeShortName, number>> = {
  NASDAQ: 0.2,
  NYSE: 0.2,
  LSE: 0.08,
  XETRA: 0.07,
  EURONEXT: 0.07,
  NSE: 0.08,
  SHH: 0.08,
  HKSE: 0.07,
  JPX: 0.09,
  SAU: 0.06,
};

interface Registry {
  readonly symbols: Set<string>;
  readonly isins: Set<string>;
  readonly brands: Set<string>;
}

export function generateUniverse(options: UniverseOptions): DemoCompany[] {
  const seed = options.seed ?? DEFAULT_SEED;
  const count = options.count ?? DEFAULT_COUNT;
  const filed = latestFiledPeriods(options.anchor);
  const root = createRandom(seed);
  const registry: Registry = { symbols: new Set(), isins: new Set(), brands: new Set() };
  const companies: DemoCompany[] = [];
  for (let i = 0; i < count; i++) {
    companies.push(generateCompany(root.fork(`company-${i}`), registry, options.anchor, filed));
  }
  return companies;
}

function classify(rng: Random): { exchange: Exchange; industry: IndustryProfile } {
  const exchange = rng.weighted<Exchange>(
    EXCHANGES.map((e) => [e, EXCHANGE_WEIGHTS[e.shortName]] as const),
  );
  const tilts = SECTOR_TILTS[exchange.shortName] ?? {};
  const sector = rng.weighted(SECTORS.map((s) => [s, s.weight * (tilts[s.name] ?? 1)] as const));
  const industry = rng.weighted(
    sector.industries
      .filter((i) => industryAllowedOn(i, exchange.shortName))
      .map((i) => [i, i.weight] as const),
  );
  return { exchange, industry };
}

function drawTraits(rng: Random, industry: IndustryProfile, revenueUsd: number): CompanyTraits {
  // Structural loss makers are mostly small: fewer among the large companies.
  const sizeFactor = revenueUsd < 1e9 ? 1 : revenueUsd < 1e10 ? 0.5 : 0.15;
  const lossMaker = rng.chance(industry.lossShare * sizeFactor);
  const negativeEquity =
    !lossMaker &&
    industry.model === 'standard' &&
    industry.operatingMargin[1] >= 0.1 &&
    industry.grossMargin[0] >= 0.3 &&
    rng.chance(0.025);
  const highDebt =
    !negativeEquity &&
    industry.model !== 'bank' &&
    industry.model !== 'insurer' &&
    rng.chance(0.12);
  return {
    lossMaker,
    negativeEquity,
    highDebt,
    dividendPayer: !lossMaker && rng.chance(industry.dividendPayerShare),
    buysBack: negativeEquity || (!lossMaker && rng.chance(0.35)),
  };
}

function generateCompany(
  rng: Random,
  registry: Registry,
  anchor: string,
  filed: FiledPeriods,
): DemoCompany {
  const latestFiscalYear = filed.fiscalYear;
  const { exchange, industry } = classify(rng.fork('classification'));
  const locale = localeOf(exchange.country);
  const currency = exchange.currency;
  const revenueUsd = rng.fork('size').logUniform(2e7, 8e10);
  const traits = drawTraits(rng.fork('traits'), industry, revenueUsd);

  // Identity: a unique invented brand, its ticker and ISIN.
  const city = pickCity(rng.fork('city'), locale);
  const idRng = rng.fork('identity');
  let brand: string;
  let companyName: string;
  for (;;) {
    brand = inventBrand(idRng, locale.nameStyle);
    companyName = composeCompanyName(idRng, locale, brand, industry.nameWords, city.region);
    if (!registry.brands.has(lettersOf(brand)) && !isDenylistedName(companyName)) break;
  }
  registry.brands.add(lettersOf(brand));
  const symbol = inventSymbol(idRng, exchange, brand, registry.symbols);
  registry.symbols.add(symbol);
  let isin: string;
  do
    isin = makeIsin(
      exchange.country,
      inventNationalPart(exchange.country, () => idRng.next()),
    );
  while (registry.isins.has(isin));
  registry.isins.add(isin);

  // Financial history: the ten filed fiscal years, and the year after when its first quarters are
  // filed; the statements show the ten years and the twelve quarters up to the latest filed one.
  const simulatedYears = ANNUAL_PERIODS + (filed.quarter.year - latestFiscalYear);
  const history = simulateFinancials(rng.fork('financials'), {
    industry,
    locale,
    traits,
    latestRevenue: revenueUsd * locale.perUsd,
    latestFiscalYear: filed.quarter.year,
    years: simulatedYears,
  });
  // Quarters simulated but not filed by the anchor (the rest of the latest quarter's year).
  const filedQuarters = history.quarters.length - (4 - filed.quarter.quarter);
  const firstYear = latestFiscalYear - ANNUAL_PERIODS + 1;
  const anchorYear = Math.min(
    latestFiscalYear,
    Math.max(firstYear, Number(ANCHOR_DATE.slice(0, 4)) - 1),
  );
  const anchorQuarterIndex = (anchorYear - firstYear) * 4 + 3;
  const valuation = valueCompany(rng.fork('valuation'), history, {
    industry,
    currency,
    perUsd: locale.perUsd,
    anchorQuarterIndex,
  });
  const shares = valuation.sharesAtQuarterEnd;
  const dilution = rng.fork('dilution').float(0, industry.sector === 'Technology' ? 0.04 : 0.015);
  const sharesOf = (weighted: number): PeriodShares => ({
    weighted,
    diluted: Math.round(weighted * (1 + dilution)),
  });

  // Statements, newest first.
  const context: StatementContext = { symbol, currency };
  const dateRng = rng.fork('dates');
  const annual = {
    income: [] as IncomeStatement[],
    balance: [] as BalanceSheet[],
    cash: [] as CashFlowStatement[],
  };
  const quarterly = {
    income: [] as IncomeStatement[],
    balance: [] as BalanceSheet[],
    cash: [] as CashFlowStatement[],
  };
  const firstShownQuarter = filedQuarters - QUARTERLY_PERIODS;
  for (let y = 0; y < simulatedYears; y++) {
    const quarterRecords = history.quarters.slice(y * 4, y * 4 + 4);
    const yearRecord = annualRecord(quarterRecords);
    const yearDates = periodDates(dateRng, yearRecord.year, 0);
    if (y < ANNUAL_PERIODS) {
      const yearShares = sharesOf(averageWeightedShares(shares, y * 4, y * 4 + 3));
      pushStatements(annual, context, yearRecord, yearDates, yearShares);
    }
    quarterRecords.forEach((record: PeriodRecord, q) => {
      const k = y * 4 + q;
      if (k < firstShownQuarter || k >= filedQuarters) return;
      // Q4 is filed with the annual report.
      const dates =
        q === 3
          ? { ...yearDates, period: 'Q4' as const }
          : periodDates(dateRng, record.year, record.quarter);
      pushStatements(
        quarterly,
        context,
        record,
        dates,
        sharesOf(weightedSharesOfQuarter(shares, k)),
      );
    });
  }
  for (const list of [
    annual.income,
    annual.balance,
    annual.cash,
    quarterly.income,
    quarterly.balance,
    quarterly.cash,
  ]) {
    list.reverse();
  }

  // Profile.
  const profileRng = rng.fork('profile');
  const latestQuarters = history.quarters.slice(filedQuarters - 4, filedQuarters);
  const latestRevenue = latestQuarters.reduce((sum, q) => sum + q.flows.revenue, 0);
  const latestOperating = latestQuarters.reduce((sum, q) => sum + operatingIncomeOf(q.flows), 0);
  const firstYearRevenue = history.quarters
    .slice(0, 4)
    .reduce((sum, q) => sum + q.flows.revenue, 0);
  const revenueGrowth =
    firstYearRevenue > 0 ? (latestRevenue / firstYearRevenue) ** (1 / (ANNUAL_PERIODS - 1)) - 1 : 0;
  const ipoDate = inventIpoDate(profileRng, exchange, locale);
  const ipoYear = Number(ipoDate.slice(0, 4));
  const employees = inventEmployees(
    profileRng,
    Math.max(latestRevenue, latestRevenue - latestOperating) / locale.perUsd,
    industry,
  );
  // Shares at the end of the latest filed quarter (shares[k + 1] is the end of quarter k).
  const sharesOutstanding = shares[filedQuarters] ?? 0;
  const dividendsLastYear = -latestQuarters.reduce((sum, q) => sum + q.flows.dividends, 0);
  const instrument = marketInstrument(rng.fork('instrument'), {
    symbol,
    exchangeShortName: exchange.shortName,
    ipoDate,
    industry,
    valuation,
    sharesOutstanding,
    revenueGrowth,
    lossMaker: traits.lossMaker,
    highDebt: traits.highDebt,
  });
  const profile: DemoProfile = {
    symbol,
    companyName,
    isin,
    exchange: exchange.name,
    exchangeShortName: exchange.shortName,
    currency,
    country: exchange.country,
    sector: industry.sector,
    industry: industry.name,
    description: describe(profileRng, {
      companyName,
      brand,
      industry,
      city: city.name,
      country: exchange.country,
      adjective: locale.adjective,
      foundedYear: inventFoundedYear(profileRng, ipoYear, industry),
      ipoYear,
      exchangeName: exchange.name,
      employees,
    }),
    ceo: inventPerson(profileRng, locale),
    website: `https://www.${slugOf(brand)}.example`,
    fullTimeEmployees: employees,
    ipoDate,
    address: city.address(profileRng),
    city: city.name,
    phone: city.phone(profileRng),
    beta:
      Math.round(
        Math.min(
          2.5,
          Math.max(0.2, (instrument.annualVolatility / 0.3) * profileRng.float(0.7, 1.1)),
        ) * 100,
      ) / 100,
    sharesOutstanding,
    floatShares: Math.round(
      sharesOutstanding *
        (['SHH', 'SAU', 'HKSE'].includes(exchange.shortName)
          ? profileRng.float(0.3, 0.9)
          : profileRng.float(0.55, 0.98)),
    ),
    lastDiv: dividendPerShare(dividendsLastYear, sharesOutstanding),
    isEtf: false,
    isActivelyTrading: true,
  };

  const latestBalance = history.quarters[filedQuarters - 1]?.balance;
  const closeOn = closesOf(instrument, exchange);
  // The last close before the anchor day: on the day of a first start, that day's is not in yet.
  const consensusDay = closeOn(addDays(anchor, -1));
  return {
    profile,
    instrument,
    annual,
    quarterly,
    analyst: analystData(rng.fork('analyst'), {
      symbol,
      currency,
      priceAsOf: consensusDay.close,
      asOf: consensusDay.date,
      tick: priceRangeOf(currency).tick,
      sizeRank: valuation.sizeRank,
      revenueGrowth,
      closeOn,
    }),
    shariah: shariahInputs(rng.fork('shariah'), {
      symbol,
      activity: businessActivityOf(rng.fork('activity'), industry, exchange.country),
      shortTermInvestments: latestBalance?.shortTermInvestments ?? 0,
      asOf: quarterly.balance[0]?.date ?? `${latestFiscalYear}-12-31`,
    }),
  };
}

function pushStatements(
  target: { income: IncomeStatement[]; balance: BalanceSheet[]; cash: CashFlowStatement[] },
  context: StatementContext,
  record: PeriodRecord,
  dates: ReturnType<typeof periodDates>,
  shares: PeriodShares,
): void {
  target.income.push(withoutNegativeZero(buildIncomeStatement(context, record, dates, shares)));
  target.balance.push(withoutNegativeZero(buildBalanceSheet(context, record, dates)));
  target.cash.push(withoutNegativeZero(buildCashFlowStatement(context, record, dates)));
}

/** Dividend per share: two decimals, or four below one unit (pence-sized dividends in pounds). */
function dividendPerShare(dividends: number, shares: number): number {
  const perShare = dividends / Math.max(1, shares);
  const factor = perShare >= 1 ? 100 : 10_000;
  return Math.round(perShare * factor) / factor;
}

/**
 * Negated zero amounts (a −0 dividend when none is paid) become 0: −0 survives JSON only as 0, so
 * it would make stored and generated statements differ, and it prints as '-0'.
 */
function withoutNegativeZero<T extends object>(statement: T): T {
  const copy = { ...statement } as Record<string, unknown>;
  for (const [key, value] of Object.entries(copy)) {
    if (Object.is(value, -0)) copy[key] = 0;
  }
  return copy as T;
}
