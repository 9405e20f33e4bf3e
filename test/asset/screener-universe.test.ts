import { describe, expect, it } from 'vitest';
import { FIXED_DEMO_ANCHOR, generateUniverse } from '../../infra/local/demo/universe';
import { toCompanyData, toSeededCompanies } from '../../infra/local/seed-stocks';
import { SCREENABLE_SHARIAH_STANDARDS } from '../../core/market/stock-screen';
import { InMemoryStocksRepository } from '../../lambdas/adapters/testing/memory/stocks-repository';
import { simulatedMarketData } from '../../infra/local/market/market-data';
import { AssetService } from '../../lambdas/asset/service';

describe('AssetService.screenerUniverse', () => {
  const universe = generateUniverse({ count: 8, anchor: FIXED_DEMO_ANCHOR });
  const service = new AssetService(
    new InMemoryStocksRepository(universe.map(toCompanyData)),
    simulatedMarketData(),
  );
  const at = (ms: number) => new Date(Date.parse('2026-11-18T15:00:00Z') + ms);

  it('gives every company its ratios and verdicts, the figures of its stock page (S&P and DJIM only with stored averages)', async () => {
    const rows = await service.screenerUniverse(at(0));
    expect(rows).toHaveLength(8);
    const [first] = rows;
    const ratios = await service.ratiosTtm(first!.symbol, at(0));
    expect(first!.pe).toBe(ratios.priceEarningsRatioTTM);
    expect(first!.debtToEquity).toBe(ratios.debtEquityRatioTTM);
    expect(Object.keys(first!.shariah ?? {})).toEqual(['aaoifi', 'msci', 'ftse', 'alrajhi']);
  });

  it("judges S&P and DJIM by the stored average market caps, with the stock page's verdicts", async () => {
    const seeded = new AssetService(
      new InMemoryStocksRepository(await toSeededCompanies(universe, FIXED_DEMO_ANCHOR)),
      simulatedMarketData(),
    );
    const rows = await seeded.screenerUniverse(at(0));
    for (const row of rows) {
      const page = await seeded.shariah(row.symbol, at(0));
      expect(row.shariah).toEqual(
        Object.fromEntries(page.results.map((r) => [r.standard, r.verdict])),
      );
      expect(page.marketCapAveragesAsOf).toBe(FIXED_DEMO_ANCHOR);
    }
    expect(Object.keys(rows[0]!.shariah ?? {})).toEqual(SCREENABLE_SHARIAH_STANDARDS);
  });

  it('judges a company no reviewer has screened by the provider’s figures, as its stock page does', async () => {
    const unreviewed = (await toSeededCompanies(universe, FIXED_DEMO_ANCHOR)).map(
      ({ shariah: _reviewed, ...company }) => company,
    );
    const service = new AssetService(
      new InMemoryStocksRepository(unreviewed),
      simulatedMarketData(),
    );
    const rows = await service.screenerUniverse(at(0));
    for (const row of rows) {
      const page = await service.shariah(row.symbol, at(0));
      expect(page.providerInputs).toBe(true);
      expect(row.shariah).toEqual(
        Object.fromEntries(page.results.map((r) => [r.standard, r.verdict])),
      );
    }
  });

  it('judges a company with annual statements only, with its stock page’s verdicts', async () => {
    const annualOnly = (await toSeededCompanies(universe, FIXED_DEMO_ANCHOR)).map((company) => ({
      ...company,
      statements: {
        income: { ...company.statements.income, quarter: [] },
        balance: { ...company.statements.balance, quarter: [] },
        cash: { ...company.statements.cash, quarter: [] },
      },
    }));
    const service = new AssetService(
      new InMemoryStocksRepository(annualOnly),
      simulatedMarketData(),
    );
    const rows = await service.screenerUniverse(at(0));
    for (const row of rows) {
      const page = await service.shariah(row.symbol, at(0));
      expect(row.shariah).toEqual(
        Object.fromEntries(page.results.map((r) => [r.standard, r.verdict])),
      );
    }
    expect(Object.keys(rows[0]!.shariah ?? {})).toEqual(SCREENABLE_SHARIAH_STANDARDS);
  });

  it('reuses one build for the next 5 seconds, then builds afresh at the new prices', async () => {
    const built = await service.screenerUniverse(at(60_000));
    expect(await service.screenerUniverse(at(64_999))).toBe(built);
    expect(await service.screenerUniverse(at(65_000))).not.toBe(built);
    // A clock going backwards (another request's earlier instant) never reuses a later build.
    expect(await service.screenerUniverse(at(1_000))).not.toBe(built);
  });
});
