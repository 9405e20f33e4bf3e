import { describe, expect, it } from 'vitest';
import { ProviderError } from '../adapters/fmp/provider-error';
import { InMemoryStocksRepository } from '../adapters/testing/memory/stocks-repository';
import type { CompanyData } from '../ports/stocks-repository';
import { ingestCompanies, type CompanyDataSource, type SourcedCompany } from './ingest';

const PREMIUM = 'Premium Query Parameter: this value set is not available under your subscription.';
const LEGACY =
  'Legacy Endpoint : Due to Legacy endpoints being no longer supported - This endpoint is only available for legacy users who have valid subscriptions prior August 31, 2025.';

const sheet = { date: '2025-09-27' } as never;
const company = (symbol: string, exchangeShortName: string): CompanyData => ({
  stock: {
    isin: `US${symbol.padEnd(9, '0')}0`,
    symbol,
    profile: { symbol, companyName: symbol, exchangeShortName } as never,
    demo: false,
  },
  statements: {
    income: { annual: [sheet], quarter: [] },
    balance: { annual: [sheet], quarter: [] },
    cash: { annual: [sheet], quarter: [] },
  },
});

/** A source answering each symbol from `answers`. */
const sourceOf = (answers: Record<string, SourcedCompany | Error>): CompanyDataSource => ({
  async company(symbol) {
    const answer = answers[symbol];
    if (!answer || answer instanceof Error) throw answer ?? new Error('unknown');
    return answer;
  },
});

describe('what the plan refused, in the run', () => {
  it('stores a company without its refused parts, and never the refusals themselves', async () => {
    const stocks = new InMemoryStocksRepository();
    const written: CompanyData[] = [];
    const put = stocks.putCompany.bind(stocks);
    stocks.putCompany = (data) => {
      written.push(data);
      return put(data);
    };
    const refused = [{ endpoint: '/stable/grades', message: PREMIUM }];
    const summary = await ingestCompanies(['BP.L'], {
      stocks,
      source: sourceOf({ 'BP.L': { ...company('BP.L', 'LSE'), refused } }),
    });
    expect(summary.ingested).toEqual(['BP.L']);
    expect(summary.failed).toEqual([]);
    expect(written).toHaveLength(1);
    expect(written[0]).not.toHaveProperty('refused');
    expect(written[0]?.stock).toMatchObject({ symbol: 'BP.L', demo: false });
    expect(summary.refusals).toEqual([
      { endpoint: '/stable/grades', exchange: 'LSE', message: PREMIUM, companies: 1 },
    ]);
  });

  it('counts the refused companies per endpoint and exchange', async () => {
    const grades = [{ endpoint: '/stable/grades', message: PREMIUM }];
    const summary = await ingestCompanies(['BP.L', 'VOD.L', 'AAPL', 'MSFT'], {
      stocks: new InMemoryStocksRepository(),
      source: sourceOf({
        'BP.L': { ...company('BP.L', 'LSE'), refused: grades },
        'VOD.L': { ...company('VOD.L', 'LSE'), refused: grades },
        AAPL: { ...company('AAPL', 'NASDAQ'), refused: grades },
        MSFT: company('MSFT', 'NASDAQ'),
      }),
    });
    expect(summary.ingested).toHaveLength(4);
    expect(summary.refusals).toEqual([
      { endpoint: '/stable/grades', exchange: 'LSE', message: PREMIUM, companies: 2 },
      { endpoint: '/stable/grades', exchange: 'NASDAQ', message: PREMIUM, companies: 1 },
    ]);
  });

  it('fails a company whose required part the plan refused, with FMP’s words, and counts it', async () => {
    const stocks = new InMemoryStocksRepository();
    const summary = await ingestCompanies(
      ['SAP.DE', 'NEW.DE'],
      {
        stocks,
        source: sourceOf({
          'SAP.DE': new ProviderError('plan', '/stable/income-statement', LEGACY),
          'NEW.DE': new ProviderError('plan', '/stable/income-statement', LEGACY),
        }),
      },
      { exchanges: new Map([['SAP.DE', 'XETRA']]) },
    );
    expect(summary.ingested).toEqual([]);
    expect(summary.failed).toEqual([
      { symbol: 'SAP.DE', reason: `FMP /stable/income-statement: ${LEGACY}` },
      { symbol: 'NEW.DE', reason: `FMP /stable/income-statement: ${LEGACY}` },
    ]);
    // A company not yet in the table has no known exchange until its profile is had.
    expect(summary.refusals).toEqual([
      { endpoint: '/stable/income-statement', exchange: 'XETRA', message: LEGACY, companies: 1 },
      { endpoint: '/stable/income-statement', exchange: null, message: LEGACY, companies: 1 },
    ]);
    expect(await stocks.listStocks()).toEqual([]);
  });

  it('counts no refusal for a failure that is not the plan’s', async () => {
    const summary = await ingestCompanies(['AAPL'], {
      stocks: new InMemoryStocksRepository(),
      source: sourceOf({
        AAPL: new ProviderError('http', '/stable/profile', 'HTTP 500', true, 500),
      }),
    });
    expect(summary.failed).toHaveLength(1);
    expect(summary.refusals).toEqual([]);
  });
});
