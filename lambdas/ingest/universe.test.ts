import { describe, expect, it } from 'vitest';
import { ProviderError } from '../adapters/fmp/provider-error';
import type { ConstituentIndex, IndexConstituents } from '../ports/index-constituents';
import type { StockListEntry } from '../ports/stocks-repository';
import { ingestUniverse } from './universe';

const table = (entries: StockListEntry[]) => ({ listStocks: async () => entries });

const IN_TABLE = table([
  { symbol: 'AAPL', name: 'Apple', exchangeShortName: 'NASDAQ' },
  { symbol: 'SAP.DE', name: 'SAP', exchangeShortName: 'XETRA' },
]);

/** Index lists answering `members`, or failing with the error given for an index. */
function lists(
  members: Partial<Record<ConstituentIndex, string[] | Error>>,
): IndexConstituents & { asked: ConstituentIndex[] } {
  const asked: ConstituentIndex[] = [];
  return {
    asked,
    async members(index) {
      asked.push(index);
      const answer = members[index] ?? [];
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

describe('the ingest universe', () => {
  it('is the configured list alone when there is one', async () => {
    const constituents = lists({ sp500: ['MSFT'] });
    const universe = await ingestUniverse(' nvda, aapl ', { stocks: IN_TABLE, constituents });
    expect(universe.symbols).toEqual(['NVDA', 'AAPL']);
    expect(constituents.asked).toEqual([]);
  });

  it('fills an empty table from the index lists (a first deploy)', async () => {
    const universe = await ingestUniverse(undefined, {
      stocks: table([]),
      constituents: lists({ sp500: ['AAPL', 'JPM'], nasdaq: ['AAPL', 'ADBE'], dowjones: ['JPM'] }),
    });
    expect(universe).toEqual({
      symbols: ['AAPL', 'JPM', 'ADBE'],
      exchanges: new Map(),
      refusals: [],
      failures: [],
    });
  });

  it('is the index members and the table’s companies, each once, those not yet in the table first', async () => {
    const constituents = lists({ sp500: ['MSFT', 'AAPL'], dowjones: ['JPM'] });
    const universe = await ingestUniverse(' , ', { stocks: IN_TABLE, constituents });
    expect(universe.symbols).toEqual(['MSFT', 'JPM', 'AAPL', 'SAP.DE']);
    expect(universe.exchanges.get('SAP.DE')).toBe('XETRA');
    expect(constituents.asked).toEqual(['sp500', 'nasdaq', 'dowjones']);
  });

  it('is the table’s companies without index lists to read', async () => {
    expect((await ingestUniverse(undefined, { stocks: IN_TABLE })).symbols).toEqual([
      'AAPL',
      'SAP.DE',
    ]);
  });

  it('records a list the plan refused as a refusal, and another failure as a failure', async () => {
    const words =
      'Exclusive Endpoint : This endpoint is not available under your current subscription';
    const universe = await ingestUniverse(undefined, {
      stocks: IN_TABLE,
      constituents: lists({
        sp500: new ProviderError('plan', '/stable/sp500-constituent', words),
        nasdaq: new ProviderError('http', '/stable/nasdaq-constituent', 'HTTP 500', true, 500),
        dowjones: ['JPM'],
      }),
    });
    expect(universe.symbols).toEqual(['JPM', 'AAPL', 'SAP.DE']);
    expect(universe.refusals).toEqual([
      { endpoint: '/stable/sp500-constituent', exchange: null, message: words, companies: 0 },
    ]);
    expect(universe.failures).toEqual([
      { symbol: 'nasdaq constituents', reason: 'FMP /stable/nasdaq-constituent: HTTP 500' },
    ]);
  });
});
