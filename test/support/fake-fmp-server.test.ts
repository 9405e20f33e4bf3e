import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerFor,
  FMP_INVALID_KEY_MESSAGE,
  FMP_LEGACY_MESSAGE,
  fixtureName,
  startFakeFmp,
  type FakeFmp,
} from './fake-fmp-server';

const PROFILE = [{ symbol: 'AAPL', companyName: 'Apple Inc.' }];
const STATEMENTS = [
  { symbol: 'AAPL', date: '2025-09-27', period: 'FY' },
  { symbol: 'AAPL', date: '2025-09-27', period: 'Q4' },
  { symbol: 'AAPL', date: '2025-06-28', period: 'Q3' },
];

let dir = '';
let fmp: FakeFmp;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fake-fmp-'));
  await writeFile(join(dir, 'profile.json'), JSON.stringify(PROFILE));
  await writeFile(join(dir, 'income-statement.json'), JSON.stringify(STATEMENTS));
  await writeFile(join(dir, 'historical-price-eod-full.json'), JSON.stringify([{ date: 'x' }]));
  fmp = await startFakeFmp({ fixturesDir: dir });
});

afterAll(async () => {
  await fmp?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = async (path: string) => {
  const response = await fetch(`${fmp.baseUrl}${path}`);
  return { status: response.status, body: (await response.json()) as unknown };
};

describe('the fake FMP', () => {
  it('serves whatever fixtures the folder holds, named after the endpoint', async () => {
    expect(fmp.endpoints).toEqual(['historical-price-eod-full', 'income-statement', 'profile']);
    expect(await get('/stable/profile?symbol=AAPL&apikey=k')).toEqual({
      status: 200,
      body: PROFILE,
    });
    expect(await get('/stable/historical-price-eod/full?symbol=AAPL&apikey=k')).toEqual({
      status: 200,
      body: [{ date: 'x' }],
    });
  });

  it('answers an unknown symbol with an empty list, as FMP does', async () => {
    expect(await get('/stable/profile?symbol=ZZZZ&apikey=k')).toEqual({ status: 200, body: [] });
  });

  it('answers statements of the period asked, at most `limit`', async () => {
    const annual = await get('/stable/income-statement?symbol=AAPL&period=annual&apikey=k');
    expect(annual.body).toEqual([STATEMENTS[0]]);
    const quarter = await get(
      '/stable/income-statement?symbol=AAPL&period=quarter&limit=1&apikey=k',
    );
    expect(quarter.body).toEqual([STATEMENTS[1]]);
  });

  it('refuses every legacy path with FMP’s legacy words, and a call without a key', async () => {
    expect(await get('/api/v3/profile/AAPL?apikey=k')).toEqual({
      status: 403,
      body: { 'Error Message': FMP_LEGACY_MESSAGE },
    });
    expect(await get('/api/v4/shares_float?symbol=AAPL&apikey=k')).toMatchObject({ status: 403 });
    expect(await get('/stable/profile?symbol=AAPL')).toEqual({
      status: 401,
      body: { 'Error Message': FMP_INVALID_KEY_MESSAGE },
    });
  });

  it('says which fixture it lacks for a stable endpoint it cannot answer', async () => {
    const answer = await get('/stable/grades?symbol=AAPL&apikey=k');
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).toContain('grades.json');
  });

  it('records each request', () => {
    expect(fmp.requests.some((url) => url.pathname === '/stable/profile')).toBe(true);
  });
});

describe('fixture names and answers', () => {
  it('names a fixture after the path under /stable/', () => {
    expect(fixtureName('/stable/historical-chart/5min')).toBe('historical-chart-5min');
    expect(fixtureName('/stable/quote')).toBe('quote');
  });

  it('filters batch answers by the symbols asked, and leaves objects alone', () => {
    const rows = [{ symbol: 'AAPL' }, { symbol: 'MSFT' }, { symbol: 'JPM' }];
    expect(answerFor(rows, new URLSearchParams('symbols=msft,JPM'))).toEqual(rows.slice(1));
    expect(answerFor({ a: 1 }, new URLSearchParams('symbol=AAPL'))).toEqual({ a: 1 });
  });
});

describe('the fake FMP over the stable fixtures (the real-data mode’s)', () => {
  let stable: FakeFmp;
  beforeAll(async () => {
    stable = await startFakeFmp();
  });
  afterAll(async () => {
    await stable?.close();
  });
  const ask = async (path: string) =>
    (await (await fetch(`${stable.baseUrl}${path}&apikey=k`)).json()) as Record<string, unknown>[];

  it('answers AAPL’s quarters too (derived from the documented year), so TTM has four', async () => {
    const quarters = await ask('/stable/income-statement?symbol=AAPL&period=quarter&limit=8');
    expect(quarters.length).toBe(8);
    expect(quarters.every((row) => row.period !== 'FY')).toBe(true);
    const [year] = await ask('/stable/income-statement?symbol=AAPL&period=annual&limit=1');
    expect(year).toMatchObject({ symbol: 'AAPL', period: 'FY', fiscalYear: '2024' });
  });

  it('answers a session of the documented intraday bar for each weekday asked, newest first', async () => {
    const bars = await ask(
      '/stable/historical-chart/5min?symbol=AAPL&from=2026-11-27&to=2026-11-29',
    );
    // Friday's session only (the 28th and 29th are a weekend): 09:30 to 15:55, every 5 minutes.
    expect(bars).toHaveLength(78);
    expect(bars[0]!.date).toBe('2026-11-27 15:55:00');
    expect(bars.at(-1)!.date).toBe('2026-11-27 09:30:00');
  });
});
