import { beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS } from '../../core/api/graphql-limits';
import { RATIOS_TTM_FIELDS, KEY_METRICS_TTM_FIELDS } from '../../core/market/ratios';
import { SHARIAH_STANDARDS } from '../../core/market/shariah';
import { DAY_SPARK_POINTS } from '../../core/market/day-spark';
import { decodeStockList, type CompactStockList, type StockListEntry } from '../../core/stock-list';
import { LOCAL_GRAPHQL_API_KEY } from '../../infra/local/stack';
import { ASSET_API } from '../../core/api/asset';
import { routesOf } from '../../core/api/contract';
import { seededCompanies } from '../support/demo-universe';
import { keepAliveClient } from '../support/keep-alive-client';
import { sharedStack } from '../support/shared-stack';

const ASSET_ROUTES = routesOf(ASSET_API);

/**
 * The asset API and GraphQL over HTTP through the shared local server, on the seeded demo universe
 * (and the stocks other test files add to it meanwhile: counts are of the seeded companies).
 */
describe('asset API over HTTP (local stack)', () => {
  const stack = sharedStack();
  const seeded = new Set(seededCompanies(stack).map((c) => c.profile.symbol));
  let stocks: StockListEntry[];
  let symbol: string;

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${stack.url}/api/asset${path}`, { headers });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text
        ? (JSON.parse(text) as {
            data: Record<string, unknown>[];
            demo?: boolean;
            message?: string;
          })
        : undefined,
    };
  };

  beforeAll(async () => {
    const list = await get('/stocks/list?all=true');
    stocks = decodeStockList(list.body!.data[0] as unknown as CompactStockList);
    // Seeded companies only: a stock another file adds may be gone by the time a test reads it.
    const mine = stocks.filter((s) => seeded.has(s.symbol));
    symbol = mine.find((s) => s.exchangeShortName === 'NASDAQ')?.symbol ?? mine[0]!.symbol;
  });

  it('serves the whole stock list, compact, marked as demo data, revalidated on each use with an ETag', async () => {
    const list = await get('/stocks/list?all=true');
    expect(stocks.filter((s) => seeded.has(s.symbol))).toHaveLength(stack.demoCount);
    expect(stocks.length).toBeGreaterThanOrEqual(stack.demoCount);
    expect(list.body?.demo).toBe(true);
    // Names and visibility are curated: no copy is used without asking (SPEC §9).
    expect(list.headers.get('cache-control')).toBe('public, no-cache');
    // An unchanged list answers its ETag with 304. Other files add and hide stocks meanwhile: a
    // list changed in between answers 200 with its new ETag, and is asked again.
    let revalidated = 0;
    for (let attempt = 0; attempt < 10 && revalidated !== 304; attempt += 1) {
      const etag = (await get('/stocks/list?all=true')).headers.get('etag')!;
      const again = await get('/stocks/list?all=true', { 'If-None-Match': etag });
      revalidated = again.status;
      if (revalidated !== 304) expect(again.headers.get('etag')).not.toBe(etag);
    }
    expect(revalidated).toBe(304);
    expect((await get('/stocks/list?all=false')).status).toBe(400);
  });

  it('answers /stocks/profile/{symbol} with the documented fields and the live ones', async () => {
    const { status, body } = await get(`/stocks/profile/${symbol}`);
    expect(status).toBe(200);
    const profile = body!.data[0]!;
    for (const field of [
      'symbol',
      'price',
      'beta',
      'volAvg',
      'mktCap',
      'lastDiv',
      'range',
      'changes',
      'companyName',
      'currency',
      'isin',
      'exchange',
      'exchangeShortName',
      'industry',
      'sector',
      'country',
      'description',
      'ceo',
      'website',
      'fullTimeEmployees',
      'ipoDate',
    ]) {
      expect(profile, field).toHaveProperty(field);
    }
    expect(profile.mktCap).toBe(
      Math.round((profile.price as number) * (profile.sharesOutstanding as number)),
    );
  });

  it('answers shares, quote, ratios and key metrics', async () => {
    const shares = (await get(`/stocks/shares?symbol=${symbol}`)).body!.data[0]!;
    expect(shares.outstandingShares).toBeGreaterThan(0);
    const quote = (await get(`/stocks/quote/${symbol}`)).body!.data[0]!;
    expect(quote.price).toBeGreaterThan(0);
    const ratios = (await get(`/stocks/ratios-ttm/${symbol}/ratios`)).body!.data[0]!;
    for (const field of RATIOS_TTM_FIELDS) expect(ratios).toHaveProperty(field);
    const metrics = (await get(`/stocks/key-metrics-ttm/${symbol}/metrics`)).body!.data[0]!;
    for (const field of KEY_METRICS_TTM_FIELDS) expect(metrics).toHaveProperty(field);
  });

  it('serves statements: 8 periods by default, TTM first for income and cash flow only', async () => {
    const income = (await get(`/stocks/statement/${symbol}/income-statement`)).body!.data;
    expect(income).toHaveLength(9);
    expect(income[0]).toMatchObject({ period: 'TTM', isTTM: true });
    expect(income[1]).toMatchObject({ period: 'FY', isAnnual: true, quarter: 0, isTTM: false });
    const balance = (
      await get(`/stocks/statement/${symbol}/balance-sheet-statement?period=quarter&limit=3`)
    ).body!.data;
    expect(balance).toHaveLength(3);
    expect(balance[0]).not.toHaveProperty('isTTM');
    expect(balance[0]).toMatchObject({ isAnnual: false });
    const cash = (
      await get(`/stocks/statement/${symbol}/cash-flow-statement?period=quarter&limit=4`)
    ).body!.data;
    expect(cash[0]).toMatchObject({ isTTM: true });
    // Newest first from Q3 2026, the latest quarter filed by the anchor (2026-11-26).
    expect(cash.slice(1).map((c) => c.period)).toEqual(['Q3', 'Q2', 'Q1', 'Q4']);
  });

  it('serves intraday and daily charts that agree with the quote', async () => {
    const intraday = (await get(`/stocks/chart/${symbol}?day=1min`)).body!.data;
    expect(intraday.length).toBeGreaterThan(0);
    const fiveMin = (await get(`/stocks/chart/${symbol}?day=5min&from=2026-11-16`)).body!.data;
    expect(fiveMin.length).toBeGreaterThan(0);
    const daily = (await get(`/stocks/chart/${symbol}/months-years?from=2025-01-01`)).body!.data;
    expect(daily.length).toBeGreaterThan(200);
    const quote = (await get(`/stocks/quote/${symbol}`)).body!.data[0]!;
    expect(daily[0]!.close).toBe(quote.price);
  });

  it('serves analyst data, the Shariah screen of six standards, indexes, movers and the screener', async () => {
    const analyst = (await get(`/stocks/analyst/${symbol}`)).body!.data[0]!;
    expect(analyst).toHaveProperty('ratings');
    const shariah = (await get(`/stocks/shariah/${symbol}`)).body!.data[0]! as {
      results: { standard: string }[];
      overall: string;
    };
    expect(shariah.results.map((r) => r.standard)).toEqual([...SHARIAH_STANDARDS]);
    expect(['compliant', 'non-compliant', 'questionable']).toContain(shariah.overall);
    expect((await get('/stocks/indexes')).body!.data).toHaveLength(11);
    expect((await get('/stocks/quote/%5EIXIC')).status).toBe(200);
    const movers = (await get('/stocks/movers?limit=3')).body!.data[0]!;
    expect(movers.gainers).toHaveLength(3);
    const screened = (await get('/stocks/search?exchange=NASDAQ&sort=-marketCap&limit=5')).body!
      .data;
    expect(screened.every((r) => r.exchangeShortName === 'NASDAQ')).toBe(true);
    const caps = screened.map((r) => r.marketCap as number);
    expect([...caps].sort((a, b) => b - a)).toEqual(caps);
  });

  it('finds a stock by its ISIN, any case (what the header search asks for an ISIN)', async () => {
    const company = seededCompanies(stack)[1]!;
    const isin = company.profile.isin.toLowerCase();
    const found = (await get(`/stocks/search?query=${isin}&limit=5`)).body!.data;
    expect(found.map((row) => row.symbol)).toEqual([company.profile.symbol]);
  });

  it('sends each index’s day line with its quote, thinned from the bars its 1D chart shows', async () => {
    type Spark = { minutes: number[]; closes: number[] };
    const indexes = (await get('/stocks/indexes')).body!.data as { symbol: string; spark: Spark }[];
    for (const { symbol: index, spark } of indexes) {
      const bars = (await get(`/stocks/chart/${encodeURIComponent(index)}?day=1min`)).body!
        .data as { close: number; low: number; high: number }[];
      expect(spark.minutes, index).toHaveLength(spark.closes.length);
      expect(spark.closes.length, index).toBeLessThanOrEqual(DAY_SPARK_POINTS);
      if (bars.length < 2) continue;
      // The line may be a bar behind the chart (kept a minute on the server).
      const shown = Math.min(bars.length, DAY_SPARK_POINTS);
      expect(spark.closes.length, index).toBeGreaterThanOrEqual(shown - 1);
      expect(spark.minutes[0]).toBe(0);
      // The session's first bar is settled; its last moves while the minute runs (within the bars).
      expect(spark.closes[0], index).toBe(bars.at(-1)!.close);
      const last = spark.closes.at(-1)!;
      expect(last).toBeGreaterThanOrEqual(Math.min(...bars.map((b) => b.low)));
      expect(last).toBeLessThanOrEqual(Math.max(...bars.map((b) => b.high)));
    }
  });

  it('screens every stock with a true count, pages in a stable order and converts caps', async () => {
    type Page = { data: Record<string, unknown>[]; total: number; currency: string };
    const page = async (query: string) =>
      (await get(`/stocks/screener?${query}`)).body as unknown as Page;
    // The whole universe, page by page. Other files add stocks meanwhile: a pass whose pages saw
    // different totals is a pass over two universes, and is made again.
    let pages: Page[] = [];
    for (let pass = 0; pass < 5; pass += 1) {
      pages = [await page('limit=20&sort=marketCap&order=desc')];
      for (let offset = 20; offset < pages[0]!.total; offset += 100) {
        pages.push(await page(`limit=100&offset=${offset}&sort=marketCap&order=desc`));
      }
      if (pages.every((p) => p.total === pages[0]!.total)) break;
    }
    const [first] = pages as [Page];
    expect(first.total).toBeGreaterThanOrEqual(stack.demoCount);
    expect(first.data).toHaveLength(20);
    expect(pages.at(-1)!.data).toHaveLength((first.total - 20) % 100 || 100);
    const symbols = pages.flatMap((p) => p.data.map((r) => r.symbol));
    expect(new Set(symbols).size).toBe(first.total);
    for (const symbol of seeded) expect(symbols).toContain(symbol);
    const inYen = await page('currency=JPY&limit=1&sort=marketCap');
    const usd = (await page('limit=1&sort=marketCap')).data[0]!;
    expect(inYen.currency).toBe('JPY');
    expect(inYen.data[0]!.marketCapConverted as number).toBeCloseTo(
      (usd.marketCapConverted as number) * 150,
      -3,
    );
    const bad = await get('/stocks/screener?peMin=10&peMax=5');
    expect(bad.status).toBe(400);
    expect(bad.body?.message).toMatch(/peMax/);
  });

  it('answers many symbols’ quotes and sparklines in one request, bounded, unknown ones without a quote', async () => {
    const some = stocks
      .filter((s) => seeded.has(s.symbol))
      .slice(0, 5)
      .map((s) => s.symbol);
    const batch = await get(`/stocks/quotes?symbols=${[...some, 'NOSUCH', '%5EIXIC'].join(',')}`);
    expect(batch.status).toBe(200);
    expect(batch.headers.get('cache-control')).toContain('max-age=5');
    const rows = batch.body!.data as {
      symbol: string;
      quote: { price: number } | null;
      spark: number[];
    }[];
    expect(rows.map((r) => r.symbol)).toEqual([...some, 'NOSUCH', '^IXIC']);
    const single = (await get(`/stocks/quote/${some[0]!}`)).body!.data[0]!;
    expect(rows[0]!.quote?.price).toBe(single.price);
    expect(rows[0]!.spark).toHaveLength(30);
    expect(rows[0]!.spark.at(-1)).toBe(single.price);
    expect(rows[5]).toMatchObject({ quote: null, spark: [] });
    const tooMany = Array.from({ length: 251 }, (_, i) => `S${i}`).join(',');
    expect((await get(`/stocks/quotes?symbols=${tooMany}`)).status).toBe(400);
    expect((await get('/stocks/quotes')).status).toBe(400);
    expect((await get('/stocks/quotes?symbols=%3Cx%3E')).status).toBe(400);
  });

  it('answers many symbols’ Shariah verdicts in one request, each as its stock page judges it', async () => {
    const some = stocks
      .filter((s) => seeded.has(s.symbol))
      .slice(0, 4)
      .map((s) => s.symbol);
    const batch = await get(
      `/stocks/shariah-verdicts?symbols=${[...some, 'NOSUCH', '%5EIXIC'].join(',')}`,
    );
    expect(batch.status).toBe(200);
    const rows = batch.body!.data as { symbol: string; shariah?: Record<string, string> }[];
    expect(rows.map((r) => r.symbol)).toEqual([...some, 'NOSUCH', '^IXIC']);
    expect(rows.slice(-2)).toEqual([
      { symbol: 'NOSUCH', unavailable: 'unknown' },
      { symbol: '^IXIC', unavailable: 'index' },
    ]);
    let screened = 0;
    for (const [at, one] of some.entries()) {
      const page = await get(`/stocks/shariah/${one}`);
      if (page.status === 404) {
        expect(rows[at]).toEqual({ symbol: one });
        continue;
      }
      screened += 1;
      const results = page.body!.data[0]!.results as { standard: string; verdict: string }[];
      expect(rows[at]!.shariah).toEqual(
        Object.fromEntries(results.map((r) => [r.standard, r.verdict])),
      );
    }
    expect(screened).toBeGreaterThan(0);
    expect((await get('/stocks/shariah-verdicts')).status).toBe(400);
  });

  it('answers bad input with 400 and unknown symbols with 404, as JSON with a message', async () => {
    for (const [path, status] of [
      [`/stocks/statement/${symbol}/income-statement?period=weekly`, 400],
      [`/stocks/statement/${symbol}/income-statement?limit=0`, 400],
      [`/stocks/statement/${symbol}/income-statement?limit=abc`, 400],
      [`/stocks/chart/${symbol}/months-years?from=2025-02-30`, 400],
      [`/stocks/chart/${symbol}?day=1hour`, 400],
      ['/stocks/search?pe=10', 400],
      ['/stocks/profile/%3Cscript%3E', 400],
      ['/stocks/profile/NOSUCH', 404],
      ['/stocks/nothing-here', 404],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(status);
      expect(typeof response.body?.message, path).toBe('string');
    }
    const post = await fetch(`${stack.url}/api/asset/stocks/list`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('executes the public GraphQL schema with API-key auth', async () => {
    const query = async (body: unknown, key = LOCAL_GRAPHQL_API_KEY) => {
      const response = await fetch(`${stack.url}/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-api-key': key },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const ok = await query({
      query: `query($s: String!) { stock(symbol: $s) { symbol isin price demo }
        statements(symbol: $s, kind: income, limit: 2) { id isTTM year values }
        indexes { symbol quote { price } } missing: stock(symbol: "NOSUCH") { symbol } }`,
      variables: { s: symbol },
    });
    expect(ok.status).toBe(200);
    const data = ok.body.data as {
      stock: { symbol: string; demo: boolean };
      statements: { id: string; values: string }[];
      indexes: unknown[];
      missing: null;
    };
    expect(data.stock).toMatchObject({ symbol, demo: true });
    expect(data.statements.map((s) => s.id)[0]).toBe('income-ttm');
    expect(JSON.parse(data.statements[0]!.values)).toHaveProperty('revenue');
    expect(data.indexes).toHaveLength(11);
    expect(data.missing).toBeNull();
    const bad = await query({ query: '{ statements(symbol: "%%", kind: income) { id } }' });
    expect((bad.body.errors as { message: string }[])[0]?.message).toMatch(/symbol/);
    expect((await query({ query: '{ indexes { symbol } }' }, 'wrong-key')).status).toBe(401);
  });

  it('refuses 1,000 aliased fields with 400 and answers the next request on the same connection', async () => {
    const client = keepAliveClient(stack.url);
    const post = (query: string) =>
      client.send('POST', '/graphql', {
        headers: { 'Content-Type': 'application/json', 'x-api-key': LOCAL_GRAPHQL_API_KEY },
        body: JSON.stringify({ query }),
      });
    try {
      const warm = await post(`{ shariah(symbol: "${symbol}") }`);
      expect(warm.status).toBe(200);
      const aliases = Array.from(
        { length: 1_000 },
        (_, i) => `a${i}: shariah(symbol: "${symbol}")`,
      );
      // How fast the refusal comes is the bench's to measure; that no resolver runs first is
      // test/local-server/graphql.test.ts's.
      for (let round = 0; round < 5; round += 1) {
        const refused = await post(`{ ${aliases.join(' ')} }`);
        expect(refused.status).toBe(400);
        const { errors } = JSON.parse(refused.body) as { errors: { message: string }[] };
        expect(errors[0]?.message).toContain(`${GRAPHQL_LIMITS.maxTokens} tokens`);
        const next = await post(`{ shariah(symbol: "${symbol}") }`);
        expect(next).toMatchObject({ status: 200, reusedSocket: true });
      }
    } finally {
      client.close();
    }
  });

  it('answers query keys named like Object.prototype members with 400 or ignores them, on every route', async () => {
    for (const route of ASSET_ROUTES) {
      const path = route.resource.replace('{symbol}', encodeURIComponent(symbol));
      const base = route.resource === '/stocks/shares' ? `symbol=${symbol}&` : '';
      for (const key of ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf']) {
        const response = await get(`${path}?${base}${key}=1`);
        expect([200, 400], `${path} ${key}`).toContain(response.status);
        if (response.status === 400)
          expect(response.body?.message, `${path} ${key}`).toContain(key);
      }
    }
  });
});
