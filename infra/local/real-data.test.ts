import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_FMP_SYMBOLS,
  describeLoad,
  ensureDataMode,
  parseFmpSymbols,
  realDataFromEnv,
} from './real-data';

describe('the real-data mode’s environment', () => {
  it('is off without FMP_API_KEY, whatever else is set', () => {
    expect(realDataFromEnv({})).toBeUndefined();
    expect(realDataFromEnv({ FMP_API_KEY: '  ', FMP_SYMBOLS: 'AAPL' })).toBeUndefined();
  });

  it('loads the default list when FMP_SYMBOLS is unset, from FMP itself', () => {
    expect(realDataFromEnv({ FMP_API_KEY: 'key' })).toEqual({
      apiKey: 'key',
      symbols: [...DEFAULT_FMP_SYMBOLS],
    });
  });

  it('takes the symbols and the root given', () => {
    expect(
      realDataFromEnv({
        FMP_API_KEY: 'key',
        FMP_SYMBOLS: ' aapl, jpm ,brk-b,SAP.DE,AAPL',
        FMP_BASE_URL: 'http://127.0.0.1:4010',
        FMP_CALLS_PER_MINUTE: '750',
      }),
    ).toEqual({
      apiKey: 'key',
      symbols: ['AAPL', 'JPM', 'BRK-B', 'SAP.DE'],
      baseUrl: 'http://127.0.0.1:4010',
      callsPerMinute: 750,
    });
    expect(() => realDataFromEnv({ FMP_API_KEY: 'key', FMP_CALLS_PER_MINUTE: 'x' })).toThrow(
      /FMP_CALLS_PER_MINUTE must be a positive whole number/,
    );
  });

  it('refuses a list naming no symbol, or something no ticker looks like, naming the variable', () => {
    expect(() => parseFmpSymbols(' , ')).toThrow(/FMP_SYMBOLS names no symbol/);
    expect(() => parseFmpSymbols('AAPL,APPLE INC,$X')).toThrow(
      'FMP_SYMBOLS: "APPLE INC", "$X" are not tickers',
    );
    expect(() => parseFmpSymbols('AAPL;MSFT')).toThrow('"AAPL;MSFT" is not a ticker');
  });

  it('refuses a root that is not an http(s) URL', () => {
    expect(() => realDataFromEnv({ FMP_API_KEY: 'k', FMP_BASE_URL: 'localhost:4010' })).toThrow(
      /FMP_BASE_URL must be an http\(s\) URL/,
    );
  });

  it('keeps the default list small and unique (each company is about 13 calls a load)', () => {
    expect(new Set(DEFAULT_FMP_SYMBOLS).size).toBe(DEFAULT_FMP_SYMBOLS.length);
    expect(DEFAULT_FMP_SYMBOLS.length).toBeLessThanOrEqual(12);
    expect(parseFmpSymbols(DEFAULT_FMP_SYMBOLS.join(','))).toEqual([...DEFAULT_FMP_SYMBOLS]);
  });
});

describe('describeLoad', () => {
  it('says what was loaded, and what failed or was refused only when something was', () => {
    const load = { requested: 2, ingested: ['AAPL', 'JPM'], failed: [], refusals: [] };
    expect(describeLoad(load)).toBe('2 of 2 companies loaded');
    expect(
      describeLoad({
        requested: 3,
        ingested: ['AAPL'],
        failed: [{ symbol: 'SAP.DE', reason: 'x' }],
        refusals: [{ endpoint: '/stable/grades', exchange: 'XETRA', message: 'm', companies: 1 }],
      }),
    ).toBe('1 of 3 companies loaded, 1 failed, 1 refusal by the plan');
  });
});

/** A document client holding the given marker items (by sort key), recording what is put. */
function tableWith(markers: string[]) {
  const puts: Record<string, unknown>[] = [];
  const send = vi.fn(async (command: { input: Record<string, unknown> }) => {
    const { Key, Item } = command.input as { Key?: { sk: string }; Item?: Record<string, unknown> };
    if (Item) puts.push(Item);
    return Key && markers.includes(Key.sk) ? { Item: Key } : {};
  });
  return { client: { send } as unknown as DynamoDBDocumentClient, puts };
}

describe('ensureDataMode', () => {
  it('refuses real data in a folder holding the demo universe, saying what to do', async () => {
    const { client, puts } = tableWith(['DEMO_SEED']);
    await expect(ensureDataMode(client, 'fmp', '.data')).rejects.toThrow(
      /\.data holds the demo universe.*Leave DATA_DIR unset \(real data goes to \.data\/fmp\)/,
    );
    expect(puts).toEqual([]);
  });

  it('refuses the demo in a folder holding real data', async () => {
    const { client } = tableWith(['REAL_DATA']);
    await expect(ensureDataMode(client, 'demo', '.data/fmp')).rejects.toThrow(
      /\.data\/fmp holds real data from FMP/,
    );
  });

  it('marks a folder starting in real-data mode, and lets each mode reuse its own', async () => {
    const fresh = tableWith([]);
    await ensureDataMode(fresh.client, 'fmp', '.data/fmp');
    expect(fresh.puts).toEqual([expect.objectContaining({ isin: '#meta', sk: 'REAL_DATA' })]);
    await expect(ensureDataMode(tableWith(['REAL_DATA']).client, 'fmp', 'd')).resolves.toBe(
      undefined,
    );
    await expect(ensureDataMode(tableWith(['DEMO_SEED']).client, 'demo', 'd')).resolves.toBe(
      undefined,
    );
  });
});
