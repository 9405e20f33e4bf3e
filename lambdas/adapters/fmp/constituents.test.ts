import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONSTITUENT_INDEXES } from '../../ports/index-constituents';
import { CONSTITUENT_ENDPOINTS, constituentsSchema, createFmpConstituents } from './constituents';
import { providerFailure, reply, stubFmpPerTest } from './testing/stub-fmp-client';

/** A stable fixture as FMP answers the endpoint it is named after. */
const fixture = (endpoint: string): unknown =>
  JSON.parse(
    readFileSync(
      new URL(`./testing/stable/${endpoint.replace('/stable/', '')}.json`, import.meta.url),
      'utf8',
    ),
  );

const fmp = stubFmpPerTest();

describe('FMP index constituents', () => {
  it('parses each stable fixture through the schema', () => {
    for (const index of CONSTITUENT_INDEXES) {
      const rows = constituentsSchema.parse(fixture(CONSTITUENT_ENDPOINTS[index]));
      expect(rows.length, index).toBeGreaterThan(0);
    }
  });

  it('lists the members of each index from its stable endpoint, without a symbol in the path', async () => {
    const routes = Object.fromEntries(
      CONSTITUENT_INDEXES.map((index) => {
        const endpoint = CONSTITUENT_ENDPOINTS[index];
        return [endpoint, reply(fixture(endpoint))];
      }),
    );
    const constituents = createFmpConstituents(await fmp.client(routes));
    expect(await constituents.members('sp500')).toEqual(['AAPL', 'JPM', 'MSFT']);
    expect(await constituents.members('nasdaq')).toEqual(['AAPL', 'ADBE', 'MSFT']);
    expect(await constituents.members('dowjones')).toEqual(['AAPL', 'JPM', 'MSFT', 'NVDA']);
    expect(fmp.server.requests.map((url) => url.pathname)).toEqual([
      '/stable/sp500-constituent',
      '/stable/nasdaq-constituent',
      '/stable/dowjones-constituent',
    ]);
    expect(fmp.server.requests.every((url) => url.searchParams.get('apikey') === 'k')).toBe(true);
  });

  it('reads each member once, whatever its case or a repeat', async () => {
    const constituents = createFmpConstituents(
      await fmp.client({
        '/stable/dowjones-constituent': reply([{ symbol: 'brk-b' }, { symbol: 'BRK-B' }]),
      }),
    );
    expect(await constituents.members('dowjones')).toEqual(['BRK-B']);
  });

  it('fails on an answer of another shape rather than listing no one', async () => {
    const constituents = createFmpConstituents(
      await fmp.client({ '/stable/sp500-constituent': reply([{ name: 'No symbol' }]) }),
    );
    const error = await providerFailure(constituents.members('sp500'));
    expect(error.message).toContain('/stable/sp500-constituent');
  });

  it('fails when FMP refuses the list, naming the endpoint', async () => {
    const constituents = createFmpConstituents(
      await fmp.client({
        '/stable/nasdaq-constituent': () => ({
          status: 403,
          body: {
            'Error Message':
              'Exclusive Endpoint : This endpoint is not available under your current subscription.',
          },
        }),
      }),
    );
    const error = await providerFailure(constituents.members('nasdaq'));
    expect(error.path).toBe('/stable/nasdaq-constituent');
  });
});
