import { DEMO_PER_USD } from '../../core/market/fx';
import { describe, expect, it } from 'vitest';
import type {
  BalanceSheet,
  CashFlowStatement,
  IncomeStatement,
  PriceBar,
  Quote,
  ShariahInputs,
  StatementKind,
} from '../../core/market/types';
import type { MarketData } from '../ports/market-data';
import type { StockRecord, StocksRepository } from '../ports/stocks-repository';
import { NotFound } from '../../core/domain-errors';
import { AssetService } from './service';

const DAY_MS = 86_400_000;
const SHARES = 1_000_000;
const CLOSE = 50;

/** Four consecutive quarters of 2026 (newest first), with only the lines the screen reads. */
const quarters = <T>(lines: Record<string, number>): T[] =>
  (['09-30', '06-30', '03-31', '2025-12-31'] as const).map(
    (end, i) =>
      ({
        date: end.length > 5 ? end : `2026-${end}`,
        symbol: 'NEWCO',
        reportedCurrency: 'USD',
        calendarYear: i === 3 ? '2025' : '2026',
        period: (['Q3', 'Q2', 'Q1', 'Q4'] as const)[i],
        ...lines,
      }) as unknown as T,
  );

const STATEMENTS = {
  income: quarters<IncomeStatement>({ revenue: 1_000_000 }),
  balance: quarters<BalanceSheet>({
    totalDebt: 1_000_000,
    totalAssets: 100_000_000,
    cashAndCashEquivalents: 1_000_000,
    netReceivables: 1_000_000,
  }),
  cash: quarters<CashFlowStatement>({ operatingCashFlow: 1 }),
};

const SHARIAH: ShariahInputs = {
  symbol: 'NEWCO',
  businessActivity: 'permissible',
  nonPermissibleRevenueShare: 0,
  interestBearingSecurities: 0,
  asOf: '2026-09-30',
};

/** The repository over NEWCO, stored with `stored` (the ingest's averages) when given. */
const stocksWith = (
  stored?: StockRecord['averageCloses'],
  reviewed: ShariahInputs | null = SHARIAH,
  periods: 'quarter' | 'annual' | 'none' = 'quarter',
) =>
  ({
    findBySymbol: async (symbol: string) =>
      symbol === 'NEWCO'
        ? ({
            isin: 'US0000000001',
            symbol,
            profile: {
              symbol,
              exchangeShortName: 'NYSE',
              currency: 'USD',
              sharesOutstanding: SHARES,
              lastDiv: 0,
              industry: 'Banks - Regional',
            },
            ...(stored ? { averageCloses: stored } : {}),
            demo: false,
            version: 1,
            updatedAt: '2026-01-01T00:00:00.000Z',
          } as unknown as StockRecord)
        : undefined,
    getStatements: async (_isin: string, kind: StatementKind) =>
      periods === 'none'
        ? undefined
        : {
            // Annual only: the fiscal year as one statement (no four quarters, so no TTM).
            annual: periods === 'annual' ? [{ ...STATEMENTS[kind][0]!, period: 'FY' }] : [],
            quarter: periods === 'quarter' ? STATEMENTS[kind] : [],
          },
    getShariah: async () => reviewed ?? undefined,
  }) as unknown as StocksRepository;
const stocks = stocksWith();

/**
 * Daily bars as a provider answers them (the port's contract): trading days only, from the first
 * trading day on or after `from`, newest first. Listed for a decade, so every average exists.
 */
const market: MarketData = {
  quote: async () => ({ price: CLOSE }) as Quote,
  quotes: async () => [],
  intraday: async () => [],
  fxRates: async () => DEMO_PER_USD,
  daily: async (_instrument, from, now) => {
    const bars: PriceBar[] = [];
    const first = Math.ceil(from.getTime() / DAY_MS) * DAY_MS;
    for (let day = first; day <= now.getTime(); day += DAY_MS) {
      const weekday = new Date(day).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      const date = new Date(day).toISOString().slice(0, 10);
      bars.push({ date, open: CLOSE, high: CLOSE, low: CLOSE, close: CLOSE, volume: 1 });
    }
    return bars.reverse();
  },
};

describe('AssetService.shariah: the average market caps of a listed company', () => {
  it('exists when the window opens on a weekend (36 months before Thursday 2026-11-26 is a Sunday)', async () => {
    const now = new Date('2026-11-26T15:00:00Z');
    const screen = await new AssetService(stocks, market).shariah('NEWCO', now);
    const denominators = (standard: string) =>
      screen.results.find((r) => r.standard === standard)!.ratios.map((r) => r.denominator);
    // S&P divides by the 36-month average, DJIM by the 24-month one: both the constant close
    // times the share count, not "not available" for want of a bar on the window's first day.
    expect(denominators('sp').slice(0, 3)).toEqual([
      CLOSE * SHARES,
      CLOSE * SHARES,
      CLOSE * SHARES,
    ]);
    expect(denominators('djim')).toEqual([CLOSE * SHARES, CLOSE * SHARES, CLOSE * SHARES]);
    expect(screen.results.map((r) => r.verdict)).toEqual(Array(6).fill('compliant'));
    expect(screen.marketCapAveragesAsOf).toBe('2026-11-26');
  });

  it('divides by the mean closes stored with the company (the screener judges by the same) times the shares', async () => {
    const stored = { asOf: '2026-11-20', months24: 2, months36: 4 };
    const now = new Date('2026-11-26T15:00:00Z');
    let read = 0;
    const counting: MarketData = { ...market, daily: (...args) => (read++, market.daily(...args)) };
    const screen = await new AssetService(stocksWith(stored), counting).shariah('NEWCO', now);
    const denominators = (standard: string) =>
      screen.results.find((r) => r.standard === standard)!.ratios.map((r) => r.denominator);
    expect(denominators('sp').slice(0, 3)).toEqual([4 * SHARES, 4 * SHARES, 4 * SHARES]);
    expect(denominators('djim')).toEqual([2 * SHARES, 2 * SHARES, 2 * SHARES]);
    expect(screen.marketCapAveragesAsOf).toBe('2026-11-20');
    expect(read).toBe(0);
  });

  it('screens a company no reviewer has screened from the provider’s figures, and says so', async () => {
    const now = new Date('2026-11-26T15:00:00Z');
    const derived = await new AssetService(stocksWith(undefined, null), market).shariah(
      'NEWCO',
      now,
    );
    expect(derived.providerInputs).toBe(true);
    // Its industry (a bank) is conventional finance: no standard passes its activity screen.
    expect(derived.results.every((r) => !r.activityPasses)).toBe(true);
    const reviewed = await new AssetService(stocks, market).shariah('NEWCO', now);
    expect(reviewed).not.toHaveProperty('providerInputs');
    expect(reviewed.results.every((r) => r.activityPasses)).toBe(true);
  });
});

describe('AssetService.shariah: whatever statements a company has', () => {
  const now = new Date('2026-11-26T15:00:00Z');
  const override = {
    verdict: 'non-compliant' as const,
    reason: 'The reviewer found interest-bearing deposits in the notes.',
    reviewedOn: '2026-11-20',
    reviewer: 'admin@example.com',
  };
  const reviewed = { ...SHARIAH, override };

  it('screens a company with annual sheets only, its reviewer’s inputs and override included', async () => {
    const screen = await new AssetService(
      stocksWith(undefined, reviewed, 'annual'),
      market,
    ).shariah('NEWCO', now);
    expect(screen.override).toEqual(override);
    const aaoifi = screen.results.find((r) => r.standard === 'aaoifi')!;
    // Debt and cash from the fiscal year's sheet, over the market cap now.
    expect(aaoifi.ratios.map((r) => r.value)).toEqual([
      1_000_000 / (CLOSE * SHARES),
      1_000_000 / (CLOSE * SHARES),
      0,
    ]);
    expect(aaoifi.ratios.every((r) => r.missing.length === 0)).toBe(true);
  });

  it('shows a reviewer’s screen without any statements, naming the balance sheet as missing', async () => {
    const screen = await new AssetService(stocksWith(undefined, reviewed, 'none'), market).shariah(
      'NEWCO',
      now,
    );
    expect(screen.override).toEqual(override);
    const msci = screen.results.find((r) => r.standard === 'msci')!;
    expect(msci.ratios[0]).toMatchObject({ value: null, missing: ['balance-sheet'] });
    // The revenue screen is the reviewer's declared share.
    expect(msci.ratios[3]).toMatchObject({ value: 0, passes: true });
  });

  it('screens a stock no market prices yet, naming the market cap as missing where a standard needs it', async () => {
    // A stock an admin has just added: the provider has neither a quote nor closes for it.
    const unpriced: MarketData = {
      ...market,
      quote: async () => {
        throw new NotFound('No market data for "NEWCO"');
      },
      daily: async () => [],
    };
    const screen = await new AssetService(stocksWith(), unpriced).shariah('NEWCO', now);
    const aaoifi = screen.results.find((r) => r.standard === 'aaoifi')!;
    expect(aaoifi.ratios[0]).toMatchObject({ value: null, missing: ['market-cap'] });
    // Total assets need no price: MSCI still judges the debt.
    const msci = screen.results.find((r) => r.standard === 'msci')!;
    expect(msci.ratios[0]).toMatchObject({ value: 1_000_000 / 100_000_000, missing: [] });
  });

  it('has no screen without statements or a reviewer’s inputs', async () => {
    await expect(
      new AssetService(stocksWith(undefined, null, 'none'), market).shariah('NEWCO', now),
    ).rejects.toBeInstanceOf(NotFound);
  });
});

describe('AssetService.shariahVerdicts: a watchlist’s verdict column in one read', () => {
  const now = new Date('2026-11-26T15:00:00Z');
  // At 3 a share the debt (1,000,000) is a third of the market cap: over AAOIFI's and Al Rajhi's
  // 30%, half the 24-month average (DJIM), a quarter of the 36-month one (S&P), 1% of the assets.
  const PRICE = 3;
  const stored = { asOf: '2026-11-20', months24: 2, months36: 4 };

  it('gives each company the stock page’s verdict under every standard, reading in bulk, and says why the others have none', async () => {
    const base = stocksWith(stored);
    const newco = (await base.findBySymbol('NEWCO'))!;
    const unpriced = { ...newco, symbol: 'NOPRICE', isin: 'US0000000002' };
    const bulkReads: string[][] = [];
    const repository = {
      ...base,
      listProfiles: async () => [newco, unpriced],
      listRevision: async () => null,
      getFundamentals: async (isins: readonly string[]) => {
        bulkReads.push([...isins]);
        const statements = Object.fromEntries(
          (['income', 'balance', 'cash'] as const).map((kind) => [
            kind,
            { annual: [], quarter: STATEMENTS[kind] },
          ]),
        );
        return new Map(isins.map((isin) => [isin, { statements, shariah: SHARIAH }]));
      },
    } as unknown as StocksRepository;
    const quoteBatches: string[][] = [];
    const priced: MarketData = {
      ...market,
      quote: async () => ({ symbol: 'NEWCO', price: PRICE }) as Quote,
      // The provider has no quote for NOPRICE yet.
      quotes: async (instruments) => {
        quoteBatches.push(instruments.map((i) => i.symbol));
        return instruments
          .filter((i) => i.symbol === 'NEWCO')
          .map((i) => ({ symbol: i.symbol, price: PRICE }) as Quote);
      },
    };
    const asset = new AssetService(repository, priced);
    const rows = await asset.shariahVerdicts(['NEWCO', 'NOPRICE', 'ZZZ', '^GSPC'], now);
    const page = await asset.shariah('NEWCO', now);
    expect(rows).toEqual([
      {
        symbol: 'NEWCO',
        shariah: Object.fromEntries(page.results.map((r) => [r.standard, r.verdict])),
      },
      { symbol: 'NOPRICE', unavailable: 'no-price' },
      { symbol: 'ZZZ', unavailable: 'unknown' },
      { symbol: '^GSPC', unavailable: 'index' },
    ]);
    expect(rows[0]!.shariah).toEqual({
      aaoifi: 'non-compliant',
      sp: 'compliant',
      msci: 'compliant',
      ftse: 'compliant',
      djim: 'non-compliant',
      alrajhi: 'non-compliant',
    });
    expect(bulkReads).toEqual([['US0000000001', 'US0000000002']]);
    expect(quoteBatches).toEqual([['NEWCO', 'NOPRICE']]);
  });

  it('judges a company stored since the universe copy was taken, not as unknown', async () => {
    const base = stocksWith(stored);
    // The copy was taken before NEWCO was stored: only a read by symbol finds it.
    const repository = Object.assign(Object.create(base) as StocksRepository, {
      listProfiles: async () => [],
      listRevision: async () => null,
      getFundamentals: async (isins: readonly string[]) => {
        const statements = Object.fromEntries(
          (['income', 'balance', 'cash'] as const).map((kind) => [
            kind,
            { annual: [], quarter: STATEMENTS[kind] },
          ]),
        );
        return new Map(isins.map((isin) => [isin, { statements, shariah: SHARIAH }]));
      },
    });
    const priced: MarketData = {
      ...market,
      quotes: async (instruments) =>
        instruments.map((i) => ({ symbol: i.symbol, price: PRICE }) as Quote),
    };
    const asset = new AssetService(repository, priced);
    const [row] = await asset.shariahVerdicts(['NEWCO'], now);
    expect(row).toMatchObject({ symbol: 'NEWCO', shariah: { aaoifi: 'non-compliant' } });
    expect(row!.unavailable).toBeUndefined();
  });
});
