import { beforeEach, describe, expect, it } from 'vitest';
import { getEnvelope, getFirst } from './asset-api';
import { resetDemoData, useDemoData } from './demo-data';
import { renderHook } from '@testing-library/react';
import { jsonResponse as json, mockFetchPerTest } from '../testing/test-utils';

const fetchMock = mockFetchPerTest();

beforeEach(() => resetDemoData());

const sentUrl = (call = 0) => fetchMock.mock.calls[call]![0];

describe('asset API reads (SPEC §7, core/api/asset.ts)', () => {
  it('reads the envelope at the contract path with the query, leaving out undefined values', async () => {
    fetchMock.mockResolvedValue(json({ data: [1, 2] }));
    await expect(
      getEnvelope('search', { query: { sector: 'Energy', limit: undefined } }),
    ).resolves.toEqual({ data: [1, 2] });
    expect(sentUrl()).toBe('/api/asset/stocks/search?sector=Energy');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('GET');
  });

  it('puts the symbol in the path as one encoded segment (caret and dotted tickers)', async () => {
    fetchMock.mockImplementation(async () => json({ data: [] }));
    await getEnvelope('intraday', {
      params: { symbol: '^IXIC' },
      query: { day: '5min', from: '2025-01-01' },
    });
    expect(sentUrl()).toBe('/api/asset/stocks/chart/%5EIXIC?day=5min&from=2025-01-01');
    await getEnvelope('ratiosTtm', { params: { symbol: 'BRK.B' } });
    expect(sentUrl(1)).toBe('/api/asset/stocks/ratios-ttm/BRK.B/ratios');
  });

  it('answers the first item of single results, null for an empty data array', async () => {
    fetchMock.mockResolvedValueOnce(json({ data: [{ symbol: 'ACME' }, { symbol: 'X' }] }));
    await expect(getFirst('quote', { params: { symbol: 'ACME' } })).resolves.toEqual({
      symbol: 'ACME',
    });
    fetchMock.mockResolvedValueOnce(json({ data: [] }));
    await expect(getFirst('analyst', { params: { symbol: 'ACME' } })).resolves.toBeNull();
    expect(sentUrl(1)).toBe('/api/asset/stocks/analyst/ACME');
  });

  it('passes the abort signal and makes one attempt (TanStack Query retries)', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Busy' }, 503));
    const signal = new AbortController().signal;
    await expect(getEnvelope('indexes', { signal })).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![1]?.signal).toBe(signal);
  });

  it('lights the demo-data banner when an answer is demo data', async () => {
    const banner = renderHook(() => useDemoData());
    fetchMock.mockResolvedValueOnce(json({ data: [] }));
    await getEnvelope('indexes');
    expect(banner.result.current).toBe(false);
    fetchMock.mockResolvedValueOnce(json({ data: [], demo: true }));
    await getEnvelope('indexes');
    banner.rerender();
    expect(banner.result.current).toBe(true);
  });
});
