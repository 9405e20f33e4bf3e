import { describe, expect, it, vi } from 'vitest';
import { NotCovered, NotFound } from '../../core/domain-errors';
import { MARKET_INDEXES } from '../../core/market/indexes';
import { createAssetApi } from '../../lambdas/asset/app';
import { AssetService } from '../../lambdas/asset/service';
import type { MarketData } from '../../lambdas/ports/market-data';
import type { StocksRepository } from '../../lambdas/ports/stocks-repository';
import { logger } from '../../lambdas/shared/observability/logger';
import { quoteOf } from './quote-fixture';

/** A plan that covers every index but the Nikkei and the SSE, as a US-only plan would not. */
const UNCOVERED = new Set(['^N225', '000001.SS']);
/** And a provider with no quote for TASI at all. */
const NO_QUOTE = '^TASI.SR';
const NOW = new Date('2026-11-18T16:00:00Z');

const refusing = (symbol: string) => {
  if (UNCOVERED.has(symbol)) throw new NotCovered(symbol);
  if (symbol === NO_QUOTE) throw new NotFound(`No quote for "${symbol}"`);
};
const market = {
  quote: async ({ symbol }) => (refusing(symbol), quoteOf(symbol)),
  intraday: async ({ symbol }) => (refusing(symbol), []),
  daily: async ({ symbol }) => (refusing(symbol), []),
} as Partial<MarketData> as MarketData;

describe('indexes without a quote (outside the data plan, or none from the provider)', () => {
  it('come with a null quote saying why and no line, the others as usual, and nothing is logged', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const indexes = await new AssetService({} as StocksRepository, market).indexes(NOW);
    expect(indexes.map((i) => i.symbol)).toEqual(MARKET_INDEXES.map((i) => i.symbol));
    for (const index of indexes) {
      if (UNCOVERED.has(index.symbol)) {
        expect(index, index.symbol).toMatchObject({ quote: null, unavailable: 'not-covered' });
      } else if (index.symbol === NO_QUOTE) {
        expect(index).toMatchObject({ quote: null, unavailable: 'no-quote' });
      } else {
        expect(index.quote?.price, index.symbol).toBe(100);
        expect(index).not.toHaveProperty('unavailable');
      }
    }
    expect(indexes.find((i) => i.symbol === '^N225')!.spark.closes).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('answer a quote read with 404, the words "not covered by the data plan" and the reason', async () => {
    const api = createAssetApi({
      service: new AssetService({} as StocksRepository, market),
      demo: false,
      clock: () => NOW,
    });
    const response = await api({
      httpMethod: 'GET',
      path: '/stocks/quote/%5EN225',
      resource: '/stocks/quote/{symbol}',
      pathParameters: { symbol: '^N225' },
      queryStringParameters: null,
      headers: {},
    } as never);
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toEqual({
      message: '^N225 is not covered by the data plan',
      reason: 'not-covered',
    });
  });
});
