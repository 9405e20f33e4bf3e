import { describe, expect, it } from 'vitest';
import type { AnalystData, ShariahInputs, StatementKind } from '../../core/market/types';
import type { FmpClient } from '../adapters/fmp/client';
import { createFmpFundamentals } from '../adapters/fmp/fundamentals';
import { ProviderError } from '../adapters/fmp/provider-error';
import { companiesRoutes, QUARTER_PERIODS } from '../adapters/fmp/testing/stub-fmp-fixtures';
import { stubFmpPerTest } from '../adapters/fmp/testing/stub-fmp-client';
import type { StubRoute } from '../adapters/fmp/testing/stub-fmp-server';
import type {
  CompanyData,
  CompanyFundamentals,
  StatementCollection,
  StockListEntry,
  StockRecord,
  StocksRepository,
} from '../ports/stocks-repository';
import { checkCompany, ingestCompanies, type CompanyDataSource } from './ingest';

/** The stocks table in memory: what putCompany wrote, by symbol. */
class InMemoryStocks implements StocksRepository {
  readonly written = new Map<string, CompanyData>();
  putCalls = 0;
  failFor = new Set<string>();

  constructor(private readonly list: StockListEntry[] = []) {}

  async putCompanies(companies: readonly CompanyData[]): Promise<void> {
    this.putCalls += 1;
    for (const c of companies) {
      if (this.failFor.has(c.stock.symbol)) throw new Error('ProvisionedThroughputExceeded');
    }
    for (const c of companies) this.written.set(c.stock.symbol, c);
  }
  async putCompany(company: CompanyData): Promise<void> {
    await this.putCompanies([company]);
  }
  async listStocks(): Promise<StockListEntry[]> {
    return this.list;
  }
  async findBySymbol(): Promise<StockRecord | undefined> {
    throw new Error('not used');
  }
  async findByIsin(): Promise<StockRecord | undefined> {
    throw new Error('not used');
  }
  async listProfiles(): Promise<StockRecord[]> {
    throw new Error('not used');
  }
  async listRevision(): Promise<string | null> {
    throw new Error('not used');
  }
  async getStatements<K extends StatementKind>(): Promise<StatementCollection<K> | undefined> {
    throw new Error('not used');
  }
  async getAnalyst(): Promise<AnalystData | undefined> {
    throw new Error('not used');
  }
  async getShariah(): Promise<ShariahInputs | undefined> {
    throw new Error('not used');
  }
  async getFundamentals(): Promise<Map<string, CompanyFundamentals>> {
    throw new Error('not used');
  }
}

const COMPANIES = [
  { symbol: 'AAPL', isin: 'US0378331005' },
  { symbol: 'MSFT', isin: 'US5949181045' },
  { symbol: 'NVDA', isin: 'US67066G1040' },
];

const fmp = stubFmpPerTest();
const ROUTES = companiesRoutes(COMPANIES);

async function fmpSource(overrides: Record<string, StubRoute> = {}) {
  return createFmpFundamentals(await fmp.client({ ...ROUTES, ...overrides }));
}

/** `path` answering `reply` for `symbol`, as usual for the others. */
const forSymbol =
  (symbol: string, path: string, reply: StubRoute): StubRoute =>
  (url, attempt) =>
    url.searchParams.get('symbol') === symbol ? reply(url, attempt) : ROUTES[path]!(url, attempt);

/** FMP's client, its plan refusing `path` for `symbol` (a ProviderError of kind 'plan'). */
function refusing(client: FmpClient, symbol: string, path: string): FmpClient {
  return {
    get(asked, query, schema) {
      if (asked === path && query['symbol'] === symbol) {
        return Promise.reject(new ProviderError('plan', path, 'Premium Query Parameter'));
      }
      return client.get(asked, query, schema);
    },
  };
}

const symbols = COMPANIES.map((c) => c.symbol);

describe('ingest over FMP', () => {
  it('writes every company, as non-demo records', async () => {
    const stocks = new InMemoryStocks();
    const summary = await ingestCompanies(symbols, { source: await fmpSource(), stocks });
    expect(summary.failed).toEqual([]);
    expect([...summary.ingested].sort()).toEqual(['AAPL', 'MSFT', 'NVDA']);
    expect(stocks.written.get('MSFT')?.stock).toMatchObject({ isin: 'US5949181045', demo: false });
    expect(stocks.written.get('MSFT')?.statements.balance.quarter).toHaveLength(QUARTER_PERIODS);
    // One write per company, so a company is never split across calls.
    expect(stocks.putCalls).toBe(3);
  });

  it('writes nothing for a company whose statements keep failing, and the others', async () => {
    const stocks = new InMemoryStocks();
    const path = '/stable/balance-sheet-statement';
    const source = await fmpSource({ [path]: forSymbol('MSFT', path, () => ({ status: 500 })) });
    const summary = await ingestCompanies(symbols, { source, stocks });
    expect([...summary.ingested].sort()).toEqual(['AAPL', 'NVDA']);
    expect(summary.failed).toEqual([
      {
        symbol: 'MSFT',
        reason: expect.stringMatching(/^FMP \/stable\/balance-sheet-statement: .*500/),
      },
    ]);
    expect(stocks.written.has('MSFT')).toBe(false);
    expect([...stocks.written.keys()].sort()).toEqual(['AAPL', 'NVDA']);
    // Retried per SPEC §7: 3 attempts for each of the annual and quarterly sets.
    const asked = fmp.server.requests.filter(
      (u) => u.pathname === path && u.searchParams.get('symbol') === 'MSFT',
    );
    expect(asked).toHaveLength(6);
  });

  it('writes nothing for a company whose data fails validation', async () => {
    const stocks = new InMemoryStocks();
    const path = '/stable/cash-flow-statement';
    const source = await fmpSource({
      [path]: forSymbol('NVDA', path, () => ({ body: [{ symbol: 'NVDA', date: '2024-01-28' }] })),
    });
    const summary = await ingestCompanies(symbols, { source, stocks });
    expect(summary.failed).toHaveLength(1);
    expect(summary.failed[0]?.symbol).toBe('NVDA');
    expect(summary.failed[0]?.reason).toContain('unexpected response shape');
    expect([...stocks.written.keys()].sort()).toEqual(['AAPL', 'MSFT']);
  });

  it('reports an unknown symbol and goes on', async () => {
    const stocks = new InMemoryStocks();
    const summary = await ingestCompanies(['AAPL', 'ZZZZ'], { source: await fmpSource(), stocks });
    expect(summary.ingested).toEqual(['AAPL']);
    expect(summary.failed).toEqual([
      { symbol: 'ZZZZ', reason: 'FMP /stable/profile: no profile for this symbol' },
    ]);
  });

  it('writes a company whose analyst data the plan refuses, without it', async () => {
    const stocks = new InMemoryStocks();
    const client = refusing(await fmp.client(ROUTES), 'MSFT', '/stable/grades-consensus');
    const source = createFmpFundamentals(client);
    const summary = await ingestCompanies(symbols, { source, stocks });
    expect(summary.failed).toEqual([]);
    expect(stocks.written.get('MSFT')?.analyst).toBeUndefined();
    expect(stocks.written.get('MSFT')?.statements.income.annual.length).toBeGreaterThan(0);
    expect(stocks.written.get('AAPL')?.analyst?.consensus).toBe('Buy');
  });

  it('fails a company whose statements the plan refuses, in FMP’s words', async () => {
    const stocks = new InMemoryStocks();
    const client = refusing(await fmp.client(ROUTES), 'NVDA', '/stable/income-statement');
    const summary = await ingestCompanies(symbols, {
      source: createFmpFundamentals(client),
      stocks,
    });
    expect(summary.failed).toEqual([
      { symbol: 'NVDA', reason: 'FMP /stable/income-statement: Premium Query Parameter' },
    ]);
    expect(stocks.written.has('NVDA')).toBe(false);
  });
});

/** A source without HTTP, for the use case's own rules. */
class FakeSource implements CompanyDataSource {
  inFlight = 0;
  maxInFlight = 0;
  constructor(private readonly make: (symbol: string) => CompanyData | Error) {}

  async company(symbol: string): Promise<CompanyData> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    this.inFlight -= 1;
    const result = this.make(symbol);
    if (result instanceof Error) throw result;
    return result;
  }
}

const sheet = { date: '2024-09-28' } as never;
const company = (symbol: string, overrides: Partial<CompanyData> = {}): CompanyData => ({
  stock: { isin: `US${symbol.padEnd(9, '0')}0`, symbol, profile: {} as never, demo: true },
  statements: {
    income: { annual: [sheet], quarter: [] },
    balance: { annual: [sheet], quarter: [] },
    cash: { annual: [], quarter: [sheet] },
  },
  ...overrides,
});

describe('ingest use case', () => {
  it('runs at most `concurrency` companies at once', async () => {
    const source = new FakeSource((s) => company(s));
    const many = Array.from({ length: 10 }, (_, i) => `S${i}`);
    const summary = await ingestCompanies(
      many,
      { source, stocks: new InMemoryStocks() },
      { concurrency: 3 },
    );
    expect(summary.ingested).toHaveLength(10);
    expect(source.maxInFlight).toBe(3);
  });

  it('marks records as non-demo whatever the source says', async () => {
    const stocks = new InMemoryStocks();
    await ingestCompanies(['A'], { source: new FakeSource((s) => company(s)), stocks });
    expect(stocks.written.get('A')?.stock.demo).toBe(false);
  });

  it('reports a failed write and goes on', async () => {
    const stocks = new InMemoryStocks();
    stocks.failFor.add('B');
    const summary = await ingestCompanies(['A', 'B', 'C'], {
      source: new FakeSource((s) => company(s)),
      stocks,
    });
    expect(summary.ingested).toEqual(['A', 'C']);
    expect(summary.failed).toEqual([
      { symbol: 'B', reason: 'write failed: ProvisionedThroughputExceeded' },
    ]);
  });

  it('rejects a company without statements of a kind', async () => {
    const stocks = new InMemoryStocks();
    const empty = company('A', {
      statements: { ...company('A').statements, cash: { annual: [], quarter: [] } },
    });
    const summary = await ingestCompanies(['A'], { source: new FakeSource(() => empty), stocks });
    expect(summary.failed).toEqual([{ symbol: 'A', reason: 'no cash statements' }]);
    expect(stocks.putCalls).toBe(0);
  });

  it('checks that the data is for the symbol asked', () => {
    expect(checkCompany('A', company('B'))).toBe('data is for B, not A');
    expect(checkCompany('a', company('A'))).toBeUndefined();
  });

  it('stops starting companies once told to, reporting the rest', async () => {
    let started = 0;
    const source = new FakeSource((s) => {
      started += 1;
      return company(s);
    });
    const summary = await ingestCompanies(
      ['A', 'B', 'C', 'D'],
      { source, stocks: new InMemoryStocks() },
      { concurrency: 1, shouldStop: () => started >= 2 },
    );
    expect(summary.ingested).toEqual(['A', 'B']);
    expect(summary.failed.map((f) => f.symbol)).toEqual(['C', 'D']);
    expect(summary.failed[0]?.reason).toContain('not started');
  });

  it('handles an empty symbol list', async () => {
    const source = new FakeSource((s) => company(s));
    expect(await ingestCompanies([], { source, stocks: new InMemoryStocks() })).toEqual({
      ingested: [],
      failed: [],
      refusals: [],
    });
  });
});
