import { describe, expect, it } from 'vitest';
import { companyTypeOf } from '../../core/market/company-type';
import type { BalanceSheet, IncomeStatement } from '../../core/market/types';
import { checkIdentities } from '../../infra/local/demo/identities';
import { DEFAULT_DEMO_COUNT, toCompanyData } from '../../infra/local/seed-stocks';
import { InMemoryStocksRepository } from '../../lambdas/adapters/testing/memory/stocks-repository';
import { simulatedMarketData } from '../../infra/local/market/market-data';
import { AssetService } from '../../lambdas/asset/service';
import { fullDemoUniverse } from '../support/demo-universe';

/**
 * Over EVERY company of the demo universe `npm start` seeds: the accounting identities hold, and
 * the TTM ratios the API serves equal an independent recomputation from the statements (sum of the
 * last four quarters, latest balance sheet) and the live price.
 */
describe('demo universe: identities and TTM ratios of every company', () => {
  const universe = fullDemoUniverse();
  const now = new Date('2026-11-18T16:00:00Z');
  const service = new AssetService(
    new InMemoryStocksRepository(universe.map(toCompanyData)),
    simulatedMarketData(),
  );

  it(`has ${DEFAULT_DEMO_COUNT.toLocaleString('en-US')} companies whose identities all hold`, () => {
    expect(universe).toHaveLength(DEFAULT_DEMO_COUNT);
    const broken = universe.flatMap((c) =>
      checkIdentities(c).map((violation) => `${c.profile.symbol}: ${violation}`),
    );
    expect(broken).toEqual([]);
  });

  it('serves TTM ratios and key metrics equal to their recomputation', async () => {
    const sumOf = (quarters: readonly IncomeStatement[], field: keyof IncomeStatement) =>
      quarters.slice(0, 4).reduce((total, q) => total + (q[field] as number), 0);
    const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
    const mismatches: string[] = [];
    const close = (
      symbol: string,
      name: string,
      actual: number | null,
      expected: number | null,
    ) => {
      const ok =
        expected === null
          ? actual === null
          : actual !== null &&
            Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
      if (!ok) mismatches.push(`${symbol} ${name}: served ${actual}, recomputed ${expected}`);
    };

    for (const company of universe) {
      const { symbol, sharesOutstanding, lastDiv } = company.profile;
      const [ratios, metrics, quote] = await Promise.all([
        service.ratiosTtm(symbol, now),
        service.keyMetricsTtm(symbol, now),
        service.quote(symbol, now),
      ]);
      const q = company.quarterly;
      const revenue = sumOf(q.income, 'revenue');
      const netIncome = sumOf(q.income, 'netIncome');
      const grossProfit = sumOf(q.income, 'grossProfit');
      const latest: BalanceSheet = q.balance[0]!;
      const yearEarlier: BalanceSheet = q.balance[4]!;
      const marketCap = quote.price * sharesOutstanding;
      const equity = latest.totalStockholdersEquity;
      const averageEquity = (equity + yearEarlier.totalStockholdersEquity) / 2;

      close(symbol, 'peRatioTTM', ratios.peRatioTTM, ratio(marketCap, netIncome));
      close(symbol, 'priceToSalesRatioTTM', ratios.priceToSalesRatioTTM, ratio(marketCap, revenue));
      close(
        symbol,
        'grossProfitMarginTTM',
        ratios.grossProfitMarginTTM,
        // Banks and insurers have no gross profit (core/market/company-type).
        companyTypeOf(company.profile) === 'general' ? ratio(grossProfit, revenue) : null,
      );
      close(symbol, 'netProfitMarginTTM', ratios.netProfitMarginTTM, ratio(netIncome, revenue));
      close(
        symbol,
        'currentRatioTTM',
        ratios.currentRatioTTM,
        ratio(latest.totalCurrentAssets, latest.totalCurrentLiabilities),
      );
      close(
        symbol,
        'debtEquityRatioTTM',
        ratios.debtEquityRatioTTM,
        ratio(latest.totalDebt, equity),
      );
      close(symbol, 'returnOnEquityTTM', ratios.returnOnEquityTTM, ratio(netIncome, averageEquity));
      close(
        symbol,
        'dividendYielTTM',
        ratios.dividendYielTTM,
        ratio(lastDiv ?? Number.NaN, quote.price),
      );
      close(symbol, 'marketCapTTM', metrics.marketCapTTM, marketCap);
      close(
        symbol,
        'enterpriseValueTTM',
        metrics.enterpriseValueTTM,
        marketCap + latest.totalDebt - latest.cashAndCashEquivalents,
      );
      close(symbol, 'revenuePerShareTTM', metrics.revenuePerShareTTM, revenue / sharesOutstanding);
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
  }, 300_000);
});
