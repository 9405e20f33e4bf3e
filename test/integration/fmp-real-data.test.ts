import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber } from '../../core/format';
import { KEY_METRICS_TTM_FIELDS, RATIOS_TTM_FIELDS } from '../../core/market/ratios';
import { decodeStockList, type CompactStockList } from '../../core/stock-list';
import { realDataFromEnv } from '../../infra/local/real-data';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { canvasInk } from '../browser/canvas';
import { launchChromium } from '../browser/chromium';
import { startFakeFmp, STABLE_FIXTURES_DIR, type FakeFmp } from '../support/fake-fmp-server';
import { sharedStackInfo } from '../support/shared-stack-info';

type Row = Record<string, unknown>;

/** A stable fixture's rows for AAPL (the fake FMP answers from the same files). */
function fixtureRows(endpoint: string): Row[] {
  const file = join(STABLE_FIXTURES_DIR, `${endpoint}.json`);
  if (!existsSync(file)) throw new Error(`no stable fixture ${endpoint}.json`);
  const body = JSON.parse(readFileSync(file, 'utf8')) as Row | Row[];
  return (Array.isArray(body) ? body : [body]).filter((row) => row.symbol === 'AAPL');
}

/**
 * `FMP_API_KEY=test FMP_BASE_URL=<a fake FMP> FMP_SYMBOLS=AAPL npm start`, as startLocalStack runs
 * it: the companies load through the ingest composition from FMP's stable API only (the fake
 * answers every legacy path with FMP's 403), and the asset API serves them, not the demo universe.
 * A stack of its own: its own data folder, free ports; and AAPL's page in Chromium, every section
 * with FMP's data.
 */
describe('the local stack on real data (a fake FMP)', () => {
  let fmp: FakeFmp;
  let stack: LocalStack | undefined;
  let dataDir = '';
  const log: string[] = [];

  beforeAll(async () => {
    fmp = await startFakeFmp();
    dataDir = await mkdtemp(join(tmpdir(), 'stockscope-fmp-'));
    const real = realDataFromEnv({
      FMP_API_KEY: 'test',
      FMP_BASE_URL: fmp.baseUrl,
      FMP_SYMBOLS: 'AAPL',
    });
    stack = await startLocalStack({
      port: 0,
      dataDir,
      // The shared stack's build of the SPA (read-only), so this stack serves the pages too.
      spa: 'built',
      webDist: sharedStackInfo().webDist,
      fmp: real!,
      log: (line) => log.push(line),
    });
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    await fmp?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const get = async (path: string) => {
    const response = await fetch(`${stack!.url}/api/asset${path}`);
    const body = (await response.json()) as { data: Row[]; demo?: boolean; message?: string };
    return { status: response.status, body };
  };

  it('asks FMP only for stable endpoints, with the key, never a legacy path', () => {
    expect(fmp.requests.length).toBeGreaterThan(0);
    const legacy = fmp.requests.map((url) => url.pathname).filter((p) => !p.startsWith('/stable/'));
    expect(legacy).toEqual([]);
    expect(fmp.requests.every((url) => url.searchParams.get('apikey') === 'test')).toBe(true);
  });

  it('starts in real-data mode: no demo universe, nothing marked as demo data', async () => {
    expect(stack!.data.mode).toBe('fmp');
    expect(log.join('\n')).toContain('Loading 1 companies from FMP');
    expect(log.join('\n')).not.toContain('Seeding the demo universe');
    const list = await get('/stocks/list?all=true');
    expect(list.status).toBe(200);
    expect(list.body.demo).not.toBe(true);
    const stocks = decodeStockList(list.body.data[0] as unknown as CompactStockList);
    expect(stocks.filter((s) => s.symbol !== 'AAPL')).toEqual([]);
    const config = (await (await fetch(`${stack!.url}/config.json`)).json()) as Row;
    expect(config.demoData).toBe(false);
  });

  it('loads AAPL at start, and the search box lists it', async () => {
    const load = stack!.data.mode === 'fmp' ? stack!.data.load : undefined;
    expect(load?.failed, JSON.stringify(load?.failed)).toEqual([]);
    expect(load?.ingested).toEqual(['AAPL']);
    const list = await get('/stocks/list?all=true');
    const stocks = decodeStockList(list.body.data[0] as unknown as CompactStockList);
    expect(stocks.map((s) => s.symbol)).toEqual(['AAPL']);
  });

  it('serves AAPL’s profile from FMP’s', async () => {
    const [fmpProfile] = fixtureRows('profile');
    const profile = await get('/stocks/profile/AAPL');
    expect(profile.status, profile.body.message).toBe(200);
    expect(profile.body.data[0]).toMatchObject({
      symbol: 'AAPL',
      companyName: fmpProfile!.companyName,
      isin: fmpProfile!.isin,
      currency: fmpProfile!.currency,
    });
  });

  it('serves AAPL’s quote from FMP’s', async () => {
    const [fmpQuote] = fixtureRows('quote');
    const quote = await get('/stocks/quote/AAPL');
    expect(quote.status, quote.body.message).toBe(200);
    expect(quote.body.data[0]).toMatchObject({ symbol: 'AAPL', price: fmpQuote!.price });
  });

  it('answers the indexes, each with a quote or saying why it has none (the fake quotes none)', async () => {
    const indexes = await get('/stocks/indexes');
    expect(indexes.status, indexes.body.message).toBe(200);
    expect(indexes.body.data.length).toBeGreaterThan(0);
    for (const index of indexes.body.data) {
      expect(index, String(index.symbol)).toMatchObject({ quote: null, unavailable: 'no-quote' });
    }
  });

  it('serves AAPL’s TTM ratios and key metrics', async () => {
    const ratios = await get('/stocks/ratios-ttm/AAPL/ratios');
    expect(ratios.status, ratios.body.message).toBe(200);
    for (const field of RATIOS_TTM_FIELDS) expect(ratios.body.data[0]).toHaveProperty(field);
    const metrics = await get('/stocks/key-metrics-ttm/AAPL/metrics');
    expect(metrics.status, metrics.body.message).toBe(200);
    for (const field of KEY_METRICS_TTM_FIELDS) expect(metrics.body.data[0]).toHaveProperty(field);
  });

  it('serves AAPL’s statements as FMP reported them, each period the fixtures hold', async () => {
    for (const kind of ['income-statement', 'balance-sheet-statement', 'cash-flow-statement']) {
      const reported = fixtureRows(kind);
      expect(reported.length, kind).toBeGreaterThan(0);
      const periods = new Set(reported.map((row) => (row.period === 'FY' ? 'annual' : 'quarter')));
      for (const period of periods) {
        const answer = await get(`/stocks/statement/AAPL/${kind}?period=${period}&limit=4`);
        expect(answer.status, `${kind} ${period}: ${answer.body.message}`).toBe(200);
        const served = answer.body.data.filter((row) => row.isTTM !== true);
        expect(served.length, `${kind} ${period}`).toBeGreaterThan(0);
        // The newest period served is FMP's, figure for figure on the fields it reports.
        const source = reported.find((row) => row.date === served[0]!.date);
        expect(
          source,
          `${kind}: FMP reports a period ending ${String(served[0]!.date)}`,
        ).toBeDefined();
        const figures = ['revenue', 'netIncome', 'totalAssets', 'operatingCashFlow'].filter(
          (field) => typeof source![field] === 'number',
        );
        expect(figures.length, kind).toBeGreaterThan(0);
        for (const field of figures)
          expect(served[0]![field], `${kind} ${field}`).toBe(source![field]);
      }
    }
  });
  describe('AAPL’s page in Chromium', () => {
    let browser: Browser;
    let page: Page;
    const section = (name: string) => page.getByRole('region', { name, exact: true });

    beforeAll(async () => {
      browser = await launchChromium();
      page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      await page.goto(`${stack!.url}/stocks/AAPL`);
      await page.getByRole('heading', { level: 1, name: 'Apple Inc.' }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0, null, {
        timeout: 30_000,
      });
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
    });

    it('has no demo banner', async () => {
      await expect(page.getByText(/demo data/i).count()).resolves.toBe(0);
    });

    it('shows the quote, and draws the price chart', async () => {
      const [fmpQuote] = fixtureRows('quote');
      await expect(page.locator('main').textContent()).resolves.toContain(
        formatNumber(fmpQuote!.price as number),
      );
      const chart = page.getByTestId('price-chart');
      await chart.scrollIntoViewIfNeeded();
      await expect
        .poll(() => canvasInk(chart.locator('canvas')), { timeout: 15_000 })
        .toBeGreaterThan(500);
    });

    it('shows the TTM ratios and key metrics, the statements, the analysts, the Shariah verdicts and the description', async () => {
      const stats = section('Key statistics (TTM)');
      for (const group of ['Valuation', 'Profitability', 'Liquidity', 'Leverage', 'Per share']) {
        await stats.getByRole('heading', { level: 3, name: group }).waitFor();
      }
      await expect(stats.locator('dd').count()).resolves.toBeGreaterThan(10);
      const statement = section('Financial statements').getByRole('table');
      await expect(statement.locator('tbody tr').count()).resolves.toBeGreaterThan(5);
      const [consensus] = fixtureRows('price-target-consensus');
      const analysts = section('Analyst ratings');
      await expect(analysts.getByText(/^Consensus:/).textContent()).resolves.toMatch(
        /^Consensus: \w/,
      );
      await expect(analysts.locator('.target-facts').textContent()).resolves.toContain(
        formatNumber(consensus!.targetConsensus as number),
      );
      const shariah = section('Shariah screen');
      await expect(shariah.getByText(/^Overall verdict/).textContent()).resolves.toMatch(
        /Compliant|Non-compliant|Questionable/,
      );
      await expect(shariah.getByRole('table').count()).resolves.toBe(6);
      const [fmpProfile] = fixtureRows('profile');
      await expect(
        section('Company profile').locator('.description').textContent(),
      ).resolves.toContain(String(fmpProfile!.description).slice(0, 40));
    });
  });
});
