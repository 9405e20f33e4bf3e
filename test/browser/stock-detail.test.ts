import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, formatNumber, formatPercent } from '../../core/format';
import type { KeyMetricsTtm, RatiosTtm } from '../../core/market/ratios';
import type { ShariahScreen } from '../../core/market/shariah';
import type { IdentifiedStatement } from '../../core/market/statements';
import type { AnalystData, CompanyProfile } from '../../core/market/types';
import { decodeStockList, type CompactStockList } from '../../core/stock-list';
import { seriousAxeViolations, seriousAxeViolationsLightAndDark } from './axe';
import { canvasInk } from './canvas';
import { launchChromium } from './chromium';
import { screenshot } from './artifacts';
import { sharedStackUrl } from '../support/shared-stack-info';

/** The stock detail page in Chromium against the shared local stack, checked against its API. */
describe('stock detail page', () => {
  const url = sharedStackUrl();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let symbol = '';
  let profile: CompanyProfile;

  const api = async <T>(path: string): Promise<T[]> => {
    const response = await fetch(`${url}/api/asset${path}`);
    return response.ok ? ((await response.json()) as { data: T[] }).data : [];
  };
  const section = (name: string) => page.getByRole('region', { name, exact: true });
  /** The text of the <dd> after the <dt> labelled `term`, inside `scope`. */
  const fact = (scope: Locator, term: string) =>
    scope
      .locator('dt', { hasText: new RegExp(`^\\s*${term}$`) })
      .locator('xpath=following-sibling::dd[1]');
  const rowCells = (table: Locator, label: string) =>
    table
      .locator('tbody tr', { has: page.getByRole('rowheader', { name: label, exact: true }) })
      .locator('td');
  const statementTable = () => section('Financial statements').getByRole('table');

  /** Waits until every section has its data (no skeleton left). */
  async function loaded(target: Page) {
    await target.getByRole('heading', { level: 1, name: profile.companyName }).waitFor();
    await target.getByRole('heading', { name: 'Valuation' }).waitFor();
    await target.locator('.statement-table').waitFor();
    await target.getByText(/^Consensus:/).waitFor();
    await target.getByText(/^Overall verdict/).waitFor();
    await target.waitForFunction(() => document.querySelectorAll('.skeleton').length === 0);
  }

  beforeAll(async () => {
    const [list] = await api<CompactStockList>('/stocks/list?all=true');
    // A US company with analyst coverage and a Shariah screen, so every section has data.
    const candidates = decodeStockList(list!)
      .filter((s) => s.exchangeShortName === 'NASDAQ')
      .slice(0, 30);
    for (const candidate of candidates) {
      const [analyst] = await api<AnalystData>(`/stocks/analyst/${candidate.symbol}`);
      const [shariah] = await api<ShariahScreen>(`/stocks/shariah/${candidate.symbol}`);
      if (analyst && shariah) {
        symbol = candidate.symbol;
        break;
      }
    }
    expect(symbol).not.toBe('');
    [profile] = (await api<CompanyProfile>(`/stocks/profile/${symbol}`)) as [CompanyProfile];
    browser = await launchChromium();
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    page = await context.newPage();
    await page.goto(`${url}/stocks/${symbol}`);
    await loaded(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the quote header from the profile and quote APIs, and names the page', async () => {
    await expect(page.title()).resolves.toBe(`${symbol} – ${profile.companyName} | StockScope`);
    const header = page.locator('.quote-header');
    await expect(header.locator('.quote-symbol').textContent()).resolves.toBe(symbol);
    await expect(header.textContent()).resolves.toContain(profile.exchange);
    await expect(header.textContent()).resolves.toContain(`Prices in ${profile.currency}`);
    await expect(header.locator('.market-status').textContent()).resolves.toMatch(
      /^Market (Open|Closed)$/,
    );
    await expect(page.getByTestId('quote-price').textContent()).resolves.toMatch(
      /^\d{1,3}(,\d{3})*\.\d{2}$/,
    );
    await expect(page.getByTestId('quote-change').textContent()).resolves.toMatch(
      /(Up|Down|Unchanged) [+-]?\d[\d,]*\.\d{2} \([+-]?\d[\d,]*\.\d{2}%\)/,
    );
    await expect(fact(header, 'Day range').textContent()).resolves.toMatch(/^[\d,.]+ – [\d,.]+$/);
    await expect(fact(header, 'Market cap').textContent()).resolves.toMatch(/^[\d,.]+[MB]$/);
    // Volumes as share counts: whole below a million, else millions or billions (§9).
    await expect(fact(header, 'Volume').textContent()).resolves.toMatch(
      /^(\d{1,3}(,\d{3})*|[\d,]+\.\d\d[MB])$/,
    );
  });

  it('draws the price chart', async () => {
    const chart = page.getByTestId('price-chart');
    await chart.scrollIntoViewIfNeeded();
    await expect
      .poll(() => canvasInk(chart.locator('canvas')), { timeout: 15_000 })
      .toBeGreaterThan(500);
  });

  it('shows the TTM statistics the ratio and key-metric APIs report', async () => {
    const [ratios] = await api<RatiosTtm>(`/stocks/ratios-ttm/${symbol}/ratios`);
    const [metrics] = await api<KeyMetricsTtm>(`/stocks/key-metrics-ttm/${symbol}/metrics`);
    const stats = section('Key statistics (TTM)');
    // Figures that do not move with the price, so the page and this fetch agree.
    await expect(fact(stats, 'Current ratio').textContent()).resolves.toBe(
      formatNumber(ratios!.currentRatioTTM),
    );
    await expect(fact(stats, 'Gross margin').textContent()).resolves.toBe(
      formatPercent(ratios!.grossProfitMarginTTM, { ratio: true }),
    );
    await expect(fact(stats, 'Book value').textContent()).resolves.toBe(
      formatNumber(metrics!.bookValuePerShareTTM),
    );
    for (const group of ['Valuation', 'Profitability', 'Liquidity', 'Leverage', 'Per share']) {
      await stats.getByRole('heading', { level: 3, name: group }).waitFor();
    }
  });

  it('shows the income statement of the API with the TTM column first, in M or B', async () => {
    const income = await api<IdentifiedStatement<'income'>>(
      `/stocks/statement/${symbol}/income-statement?period=annual&limit=8`,
    );
    const table = statementTable();
    const headers = await table.locator('thead th').allTextContents();
    expect(headers).toHaveLength(1 + income.length);
    expect(headers[1]).toBe('TTM');
    expect(headers[2]).toContain(income[1]!.date);
    const revenue = rowCells(table, 'Revenue');
    await expect(revenue.allTextContents()).resolves.toEqual(
      income.map((item) => formatAmount(item.revenue, 'M')),
    );
    await page.getByRole('radio', { name: 'B', exact: true }).click();
    await expect(revenue.first().textContent()).resolves.toBe(
      formatAmount(income[0]!.revenue, 'B'),
    );
    await page.getByRole('radio', { name: 'M', exact: true }).click();
  });

  it('switches to quarterly balance sheets (no TTM) and shows more periods', async () => {
    await page.getByRole('radio', { name: 'Quarterly' }).click();
    await page.getByRole('tab', { name: 'Balance Sheet' }).click();
    await page.getByRole('rowheader', { name: 'Total assets', exact: true }).waitFor();
    const headers = statementTable().locator('thead th');
    await expect.poll(() => headers.count()).toBe(1 + 8);
    await expect(headers.nth(1).textContent()).resolves.not.toContain('TTM');
    const all = await api<IdentifiedStatement<'balance'>>(
      `/stocks/statement/${symbol}/balance-sheet-statement?period=quarter&limit=16`,
    );
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => headers.count()).toBe(1 + all.length);
  });

  it('downloads exactly the shown rows and columns as CSV with raw numbers', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${symbol}-balance-quarter.csv`);
    const text = await readFile(await download.path(), 'utf8');
    const rows = Papa.parse<string[]>(text.trim()).data;
    const table = statementTable();
    const shownRows = await table.locator('tbody th[scope="row"]').allTextContents();
    const shownColumns = await table.locator('thead th').count();
    expect(rows.map((row) => row[0])).toEqual([`Line item (${profile.currency})`, ...shownRows]);
    expect(rows.every((row) => row.length === shownColumns)).toBe(true);
    const shown = await api<IdentifiedStatement<'balance'>>(
      `/stocks/statement/${symbol}/balance-sheet-statement?period=quarter&limit=${shownColumns - 1}`,
    );
    expect(rows[0]!.slice(1)).toEqual(shown.map((item) => item.date));
    expect(rows.find((row) => row[0] === 'Total assets')).toEqual([
      'Total assets',
      ...shown.map((item) => String(item.totalAssets)),
    ]);
  });

  it('shows the analysts of the API: consensus, distribution, targets and grades', async () => {
    const [analyst] = (await api<AnalystData>(`/stocks/analyst/${symbol}`)) as [AnalystData];
    const analysts = section('Analyst ratings');
    const { ratings } = analyst;
    const total =
      ratings.strongBuy + ratings.buy + ratings.hold + ratings.sell + ratings.strongSell;
    await expect(analysts.getByText(/^Consensus:/).textContent()).resolves.toBe(
      `Consensus: ${analyst.consensus} (${total} ${total === 1 ? 'analyst' : 'analysts'})`,
    );
    await expect(analysts.locator('.rating-count').allTextContents()).resolves.toEqual(
      [ratings.strongBuy, ratings.buy, ratings.hold, ratings.sell, ratings.strongSell].map(String),
    );
    const targets = analysts.locator('.target-facts');
    await expect(fact(targets, 'Consensus').textContent()).resolves.toBe(
      formatNumber(analyst.priceTarget.consensus),
    );
    await expect(fact(targets, 'High').textContent()).resolves.toBe(
      formatNumber(analyst.priceTarget.high),
    );
    const grades = analysts.getByRole('table', { name: /rating changes/ });
    await expect(grades.locator('tbody tr').count()).resolves.toBe(analyst.grades.length);
    await expect(grades.locator('tbody tr td').first().textContent()).resolves.toBe(
      analyst.grades[0]!.date,
    );
    // Each grade carries its target, read against the price on the grade's day.
    const newest = analyst.grades[0]!;
    await expect(
      grades.locator('tbody tr').first().locator('td').last().textContent(),
    ).resolves.toBe(
      `${formatNumber(newest.priceTarget)} (${formatPercent(newest.priceTarget! / newest.priceWhenPosted! - 1, { ratio: true, signed: true })})`,
    );
  });

  it('shows the profile and description of the API', async () => {
    const about = section('Company profile');
    await expect(fact(about, 'ISIN').textContent()).resolves.toBe(profile.isin);
    await expect(fact(about, 'CEO').textContent()).resolves.toBe(profile.ceo);
    await expect(fact(about, 'IPO date').textContent()).resolves.toBe(profile.ipoDate);
    await expect(fact(about, 'Sector').textContent()).resolves.toBe(profile.sector);
    const website = about.getByRole('link');
    await expect(website.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    await expect(about.locator('.description').textContent()).resolves.toContain(
      profile.description.slice(0, 60),
    );
  });

  it('shows the Shariah screen of the API: verdicts, six standards, notes', async () => {
    const [screen] = (await api<ShariahScreen>(`/stocks/shariah/${symbol}`)) as [ShariahScreen];
    const shariah = section('Shariah screen');
    const verdicts = {
      compliant: 'Compliant',
      'non-compliant': 'Non-compliant',
      questionable: 'Questionable',
    };
    await expect(shariah.getByText(/^Overall verdict/).textContent()).resolves.toContain(
      verdicts[screen.overall],
    );
    await expect(shariah.getByRole('table').count()).resolves.toBe(6);
    // MSCI divides by total assets, so its ratios do not move with the price.
    const msci = screen.results.find((r) => r.standard === 'msci')!;
    const first = msci.ratios[0]!;
    const cells = shariah
      .getByRole('table', { name: /^MSCI Islamic:/ })
      .locator('tbody tr')
      .nth(1);
    await expect(cells.locator('td').nth(0).textContent()).resolves.toBe(
      formatPercent(first.value, { ratio: true }),
    );
    await expect(cells.locator('td').nth(1).textContent()).resolves.toBe(
      `${first.comparison === '<' ? '<' : '≤'} ${formatPercent(first.threshold, { ratio: true })}`,
    );
    await shariah.getByText(/not a fatwa/).waitFor();
    // S&P divides by the 36-month average market cap the seed stored, and says its day.
    expect(screen.marketCapAveragesAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(
      shariah
        .getByRole('group', { name: /^S&P Shariah/ })
        .getByText(/^Purification/)
        .textContent(),
    ).resolves.toContain(`Average market cap as of ${screen.marketCapAveragesAsOf}`);
  });

  // The statements section must not import a module that builds the curation console's sheet
  // schemas: every visitor would download and run zod (23 KB gzip).
  it.each([
    ['profile', 'quote'],
    ['quote', 'profile'],
  ])(
    'moves nothing as its data arrives, the %s answering before the %s (issue 14: CLS stays 0)',
    async (first, second) => {
      const phone = await browser.newContext({ viewport: { width: 412, height: 823 } });
      // Every layout shift from the first paint on, as Chromium reports them to CLS.
      await phone.addInitScript(() => {
        const shifts: string[] = [];
        (window as unknown as { shifts: string[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            sources?: {
              node?: Node | null;
              previousRect: DOMRectReadOnly;
              currentRect: DOMRectReadOnly;
            }[];
          })[]) {
            // Which element moved, and from where to where: enough to find the cause from a CI log.
            const nodes = (entry.sources ?? []).map((s) => {
              const what = s.node instanceof Element ? s.node.className : String(s.node?.nodeName);
              const [from, to] = [s.previousRect, s.currentRect];
              return `${what} (${from.x},${from.y} ${from.width}x${from.height} → ${to.x},${to.y} ${to.width}x${to.height})`;
            });
            shifts.push(`${entry.value.toFixed(4)} ${nodes.join(', ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The page first stands with its placeholders; then one read answers, later the other.
      const delays = { [first]: 400, [second]: 1200 };
      for (const [what, ms] of Object.entries(delays)) {
        await phone.route(`**/api/asset/stocks/${what}/**`, async (route) => {
          await new Promise((wait) => setTimeout(wait, ms));
          await route.continue();
        });
      }
      const target = await phone.newPage();
      await target.goto(`${url}/stocks/${symbol}`);
      await loaded(target);
      await target.getByText(/^Prices in /).waitFor();
      // Both have answered once the market status is shown (its room was kept until the quote
      // came); the observer hears of a shift after the frame that drew it.
      await target.waitForFunction(() => !document.querySelector('.market-status-room'));
      await target.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))),
      );
      const shifts = await target.evaluate(
        () => (window as unknown as { shifts: string[] }).shifts,
      );
      await phone.close();
      expect(shifts).toEqual([]);
    },
  );

  it('lays out a section below the fold only when it comes near (content-visibility)', async () => {
    const target = await context.newPage();
    await target.goto(`${url}/stocks/${symbol}`);
    await loaded(target);
    // Drawn at idle (in the DOM, the accessibility tree and find-in-page), yet not rendered: the
    // browser skips its layout and paint while it is far from the viewport.
    const rendered = () =>
      target.evaluate(() =>
        document
          .querySelector('#shariah .shariah-standard, #shariah table')!
          .checkVisibility({ contentVisibilityAuto: true }),
      );
    await expect(rendered()).resolves.toBe(false);
    await target.getByRole('heading', { name: 'Shariah screen' }).scrollIntoViewIfNeeded();
    await expect.poll(rendered).toBe(true);
    await target.close();
  });

  it("loads no schema library for a visitor: none of the page's scripts contains zod", async () => {
    await statementTable().waitFor();
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((name) => /\/assets\/.+\.js$/.test(name)),
    );
    expect(scripts.some((src) => src.includes('FinancialStatements'))).toBe(true);
    for (const src of scripts) {
      const code = await (await fetch(src)).text();
      expect(code.includes('$ZodType'), src).toBe(false);
    }
  });

  it('has no serious or critical axe violations, in light and dark', async () => {
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([]);
  });

  // Lighthouse's phone (412 px) found the website link too small a target to tap (19 px tall)
  // and too near its neighbours (WCAG 2.2 target size). This axe passes it either way (it takes
  // a link alone in its line as inline text), so its box is measured too.
  it('has no serious or critical axe violations on a phone, and a tap target of 24 px', async () => {
    const phone = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const small = await phone.newPage();
    await small.goto(`${url}/stocks/${symbol}`);
    await loaded(small);
    // Laid out (content-visibility skips a far section), as when Lighthouse's tall screenshot
    // viewport shows the whole page.
    await small.locator('.profile-facts a').scrollIntoViewIfNeeded();
    expect(await seriousAxeViolations(small, '#profile')).toEqual([]);
    const link = (await small.locator('.profile-facts a').boundingBox())!;
    expect(link.height).toBeGreaterThanOrEqual(24);
    await phone.close();
  });

  it('writes screenshots at 1280 px and 390 px', async () => {
    await page.getByRole('tab', { name: 'Income Statement' }).click();
    await page.getByRole('radio', { name: 'Annual' }).click();
    await page.locator('.statement-table th.ttm').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'stock-detail-1280');
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    await small.goto(`${url}/stocks/${symbol}`);
    await loaded(small);
    // Nothing of this page but its scrolling tables may be wider than the phone.
    const wide = await small.evaluate(() =>
      Array.from(document.querySelectorAll('.stock-page *'))
        .filter((e) => !e.closest('.table-scroll') && e.getBoundingClientRect().right > 390)
        .map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
    );
    expect(wide).toEqual([]);
    // Each Shariah table's Threshold and Result are in the phone's view or one sideways scroll of
    // their own box away, with the screen's name frozen; never cut off at the page's edge. (Laid
    // out first: the section is skipped while off screen.)
    await small.locator('#shariah .shariah-table').first().scrollIntoViewIfNeeded();
    const shariahTables = await small.evaluate(() =>
      Array.from(document.querySelectorAll('#shariah .shariah-table')).map((table) => {
        const box = table.closest('.table-scroll');
        const boxRight = box?.getBoundingClientRect().right ?? Infinity;
        const scrolls = !!box && box.scrollWidth > box.clientWidth;
        const reachable = Array.from(table.querySelectorAll('thead th'))
          .filter((th) => /^(Threshold|Result)$/.test(th.textContent?.trim() ?? ''))
          .map((th) => th.getBoundingClientRect().right <= boxRight + 1 || scrolls);
        const frozen = Array.from(table.querySelectorAll('tr > :first-child')).every(
          (cell) => getComputedStyle(cell).position === 'sticky',
        );
        return { boxInView: boxRight <= 391, reachable, frozen: !scrolls || frozen };
      }),
    );
    expect(shariahTables.length).toBe(6);
    for (const table of shariahTables)
      expect(table).toEqual({ boxInView: true, reachable: [true, true], frozen: true });
    await screenshot(small, 'stock-detail-390');
    await phone.close();
  });

  it('says clearly when a symbol is unknown', async () => {
    const other = await context.newPage();
    await other.goto(`${url}/stocks/NOSUCHCO`);
    await other.getByText('We could not find the stock "NOSUCHCO".').waitFor();
    await expect(other.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Stock not found',
    );
    // Only the link is checked: following it would load the home page's data while the shared
    // stack may be shutting down after the last test.
    await expect(other.getByRole('link', { name: 'home page' }).getAttribute('href')).resolves.toBe(
      '/home',
    );
    await other.close();
  });
});
