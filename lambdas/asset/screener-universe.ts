import { trailingDividendYieldPercent } from '../../core/market/dividend-yield';
import { companyTypeOf } from '../../core/market/company-type';
import { quoteDayChange } from '../../core/market/day-change';
import { conversionFactor, type FxRates } from '../../core/market/fx';
import { computeRatiosTtm, type TtmInputs } from '../../core/market/ratios';
import { averageMarketCaps } from '../../core/market/average-market-cap';
import { dividesByAverageMarketCap, screenShariahStandard } from '../../core/market/shariah';
import { providerShariahInputs } from '../../core/market/shariah-provider-inputs';
import { shariahStatements } from '../../core/market/shariah-statements';
import { SCREENABLE_SHARIAH_STANDARDS, type ScreenerStock } from '../../core/market/stock-screen';
import { ttmBalanceSheet, ttmCashFlowStatement, ttmIncomeStatement } from '../../core/market/ttm';
import type { Quote, ShariahInputs } from '../../core/market/types';
import type {
  CompanyFundamentals,
  StockRecord,
  StocksRepository,
} from '../ports/stocks-repository';

/** What a company's screener figures need besides the price: its TTM statements, Shariah data. */
export interface ScreenerFundamentals {
  readonly ttm?: Omit<TtmInputs, 'price' | 'rates'>;
  readonly shariah?: ShariahInputs;
  /** What the Shariah screens read, as the stock page picks it (core's shariahStatements). */
  readonly shariahSheets?: ReturnType<typeof shariahStatements>;
}

/** Companies per bulk read while loading the universe's fundamentals. */
const LOAD_CHUNK = 100;

/** One company's fundamentals, computed the way AssetService.ttmInputs computes them. */
export function fundamentalsOf(
  record: StockRecord,
  stored: CompanyFundamentals | undefined,
): ScreenerFundamentals {
  const { income, balance, cash } = stored?.statements ?? {};
  const shariah = stored?.shariah;
  const ttmIncome = ttmIncomeStatement(income?.quarter ?? []);
  const ttmBalance = ttmBalanceSheet(balance?.quarter ?? []);
  const ttmCash = ttmCashFlowStatement(cash?.quarter ?? []);
  const shariahSheets = shariahStatements(income, balance);
  if (!ttmIncome || !ttmBalance || !ttmCash) {
    return { ...(shariah ? { shariah } : {}), shariahSheets };
  }
  const previousBalance = balance?.quarter[4];
  const previousEps = ttmIncomeStatement(income?.quarter.slice(4) ?? [])?.eps;
  return {
    ttm: {
      income: ttmIncome,
      balance: ttmBalance,
      cash: ttmCash,
      ...(previousBalance ? { previousBalance } : {}),
      ...(previousEps !== undefined ? { previousEps } : {}),
      priceCurrency: record.profile.currency,
      sharesOutstanding: record.profile.sharesOutstanding,
      dividendPerShare: record.profile.lastDiv,
      companyType: companyTypeOf(record.profile),
    },
    ...(shariah ? { shariah } : {}),
    shariahSheets,
  };
}

/**
 * Every company's fundamentals by ISIN, read in bulk a chunk of companies at a time (four reads
 * per company, one at a time, made a cold screener wait seconds on thousands of round trips).
 */
export async function loadScreenerFundamentals(
  stocks: Pick<StocksRepository, 'getFundamentals'>,
  records: readonly StockRecord[],
): Promise<Map<string, ScreenerFundamentals>> {
  const result = new Map<string, ScreenerFundamentals>();
  for (let start = 0; start < records.length; start += LOAD_CHUNK) {
    const chunk = records.slice(start, start + LOAD_CHUNK);
    const stored = await stocks.getFundamentals(chunk.map((record) => record.isin));
    for (const record of chunk)
      result.set(record.isin, fundamentalsOf(record, stored.get(record.isin)));
  }
  return result;
}

const percent = (fraction: number | null) => (fraction === null ? null : fraction * 100);

/**
 * A company's screener row at the live price: the ratios are core's TTM ratios (the stock page's
 * figures), the Shariah verdicts core's screen at today's market cap and at the average market caps
 * made of the closes stored with the company (the stock page's too). Without stored closes, S&P and DJIM (which
 * need them) give no verdict here rather than a 'questionable' for want of data.
 */
export function screenerStock(
  record: StockRecord,
  quote: Quote,
  fundamentals: ScreenerFundamentals | undefined,
  rates?: FxRates,
): ScreenerStock {
  const p = record.profile;
  const marketCap = Math.round(quote.price * p.sharesOutstanding);
  const ttm = fundamentals?.ttm;
  const ttmInputs = ttm ? { ...ttm, price: quote.price, ...(rates ? { rates } : {}) } : undefined;
  const ratios = ttmInputs ? computeRatiosTtm(ttmInputs) : undefined;
  // As on the stock page: the statements core's shariahStatements picks (annual ones too), a
  // reviewer's inputs, else those the provider's figures imply.
  const { balance, income } =
    fundamentals?.shariahSheets ?? (ttm ? { balance: ttm.balance, income: ttm.income } : {});
  const shariahInputs =
    fundamentals?.shariah ?? (income && balance && providerShariahInputs(p, income, balance));
  // The Shariah screens divide reported figures by market caps: both in the statements' currency.
  const reported = (income ?? balance)?.reportedCurrency ?? p.currency;
  const factor = conversionFactor(p.currency, reported, rates) ?? Number.NaN;
  const closes = record.averageCloses;
  const shariah = shariahInputs
    ? Object.fromEntries(
        SCREENABLE_SHARIAH_STANDARDS.filter(
          (standard) => closes || !dividesByAverageMarketCap(standard),
        ).map((standard) => [
          standard,
          screenShariahStandard(standard, {
            balance,
            income,
            marketCap: quote.price * factor * p.sharesOutstanding,
            ...(closes && averageMarketCaps(closes, p.sharesOutstanding * factor)),
            inputs: shariahInputs,
          }).verdict,
        ]),
      )
    : undefined;
  return {
    symbol: record.symbol,
    companyName: p.companyName,
    exchangeShortName: p.exchangeShortName,
    country: p.country,
    sector: p.sector,
    industry: p.industry,
    currency: p.currency,
    price: quote.price,
    changesPercentage: quoteDayChange(quote).percent,
    marketCap,
    volume: quote.volume,
    beta: p.beta,
    pe: ratios?.priceEarningsRatioTTM ?? null,
    pb: ratios?.priceToBookRatioTTM ?? null,
    // Needs no statements: the same rule as the calendar, from the profile and the live price.
    dividendYield: trailingDividendYieldPercent(p.lastDiv, quote.price),
    roe: percent(ratios?.returnOnEquityTTM ?? null),
    debtToEquity: ratios?.debtEquityRatioTTM ?? null,
    ...(shariah ? { shariah } : {}),
  };
}
