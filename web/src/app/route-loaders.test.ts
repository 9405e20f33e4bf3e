import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { DEFAULT_INDEX_SYMBOL } from '@core/market/indexes';
import type { PriceBar } from '@core/market/types';
import { jsonResponse, testQueryClient } from '../testing/test-utils';
import { homeLoader, stockLoader } from './route-loaders';

/** The URLs fetched; `answer` decides each answer (by default none ever comes). */
function recordFetches(answer: (url: string) => Promise<Response> = () => new Promise(() => {})) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = String(input).replace('/api/asset', '');
    urls.push(url);
    return answer(url);
  });
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const stockArgs = (symbol: string) => ({ params: { symbol } }) as unknown as LoaderFunctionArgs;
const BARS: PriceBar[] = [
  { date: '2026-11-24 09:30:00', open: 10, high: 11, low: 9, close: 10.5, volume: 100 },
  { date: '2026-11-24 09:31:00', open: 10.5, high: 11, low: 10, close: 10.8, volume: 120 },
];

describe('route loaders', () => {
  it("start the stock page's header and 1D chart reads with the navigation, and never wait for them", async () => {
    const urls = recordFetches();
    const client = testQueryClient();
    // The reads never answer: the loader returns all the same.
    expect(stockLoader(client)(stockArgs('acme'))).toBeNull();
    await vi.waitFor(() => expect(urls).toHaveLength(3));
    expect(urls.map((u) => u.replace(/\?.*/, '')).sort()).toEqual([
      '/stocks/chart/ACME',
      '/stocks/profile/ACME',
      '/stocks/quote/ACME',
    ]);
    // Below the fold waits for its sections.
    expect(urls.some((u) => /analyst|shariah|statement|ratios|metrics/.test(u))).toBe(false);
  });

  it("put the answers where the page's queries look, and ask for the 1D figure's previous close", async () => {
    const urls = recordFetches(async (url) =>
      jsonResponse({
        data: url.startsWith('/stocks/chart/') ? BARS : [{ symbol: 'ACME', price: 10.8 }],
      }),
    );
    const client = testQueryClient();
    stockLoader(client)(stockArgs('ACME'));
    await vi.waitFor(() =>
      expect(client.getQueryData(['previous-close', 'ACME', '2026-11-24'])).toBeDefined(),
    );
    expect(client.getQueryData(['stock', 'ACME', 'quote'])).toEqual({
      symbol: 'ACME',
      price: 10.8,
    });
    expect(client.getQueryData(['chart', 'ACME', '1D'])).toHaveLength(2);
    expect(urls.filter((u) => u.startsWith('/stocks/chart/ACME/months-years?from='))).toHaveLength(
      1,
    );
  });

  it('keep a failed read quiet: the page asks again and shows the failure itself', async () => {
    const urls = recordFetches(async () => jsonResponse({ message: 'down' }, 503));
    const client = testQueryClient();
    expect(() => stockLoader(client)(stockArgs('ACME'))).not.toThrow();
    await vi.waitFor(() =>
      expect(client.getQueryState(['stock', 'ACME', 'profile'])?.status).toBe('error'),
    );
    expect(urls.length).toBeGreaterThan(0);
  });

  it("start home's index quotes, movers and the featured index's day at once, its previous close after, and no chart per card", async () => {
    const urls = recordFetches(async (url) =>
      jsonResponse({ data: url.startsWith('/stocks/chart/') ? BARS : [] }),
    );
    expect(homeLoader(testQueryClient())()).toBeNull();
    const featured = `/stocks/chart/${encodeURIComponent(DEFAULT_INDEX_SYMBOL)}`;
    // The cards' sparklines come with the index quotes: the featured chart is the only day read.
    const expected = ['/stocks/indexes', '/stocks/movers', featured, `${featured}/months-years`];
    await vi.waitFor(() => expect(urls).toHaveLength(expected.length));
    // Nothing more follows (a per-card read would start with the others).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(urls.map((u) => u.replace(/\?.*/, '')).sort()).toEqual(expected.sort());
  });
});
