import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatNumber, formatPercent, formatStat, MISSING_VALUE } from '../../core/format';
import { compareRangeStart, lastLevel, rebaseToCommonStart } from '../../core/market/compare';
import { bestOf, COMPARED_RATIOS } from '../../core/market/compare-ratios';
import {
  GROWTH_FIELD_LABELS,
  GROWTH_FIELDS,
  GROWTH_YEARS,
  growthOf,
} from '../../core/market/growth';
import { findMarketIndex } from '../../core/market/indexes';
import type { KeyMetricsTtm, RatiosTtm } from '../../core/market/ratios';
import { VERDICT_TEXT, type ShariahScreen } from '../../core/market/shariah';
import { shariahSideBySide } from '../../core/market/shariah-compare';
import type { IncomeStatement, PriceBar } from '../../core/market/types';
import { decodeStockList, type CompactStockList } from '../../core/stock-list';
import { ENTITLEMENTS, limitReachedText } from '../../core/subscription';
import { createAccount, login, newAccount, stackConfig, type StackConfig } from './accounts';
import { canvasInk } from './canvas';
import { chromiumForFile } from './chromium';
import { seriousAxeViolations } from './axe';
import { subscribeToPremium } from './premium';
import { sharedStackUrl } from '../support/shared-stack-info';

const BENCHMARK = '^GSPC';
const RANGE = '1Y';

/**
 * The Analysis tab in Chromium on the shared local stack: a Premium user compares
 * three stocks in Analysis — three lines and the benchmark drawn, every ratio, growth rate and
 * Shariah verdict equal to core's formulas over what the API answers, the comparison kept by a
 * reload — axe finds nothing serious; a Free user meets the plan's limit at the third stock.
 */
describe('analysis in Chromium', () => {
  const url = sharedStackUrl();
  const { newPage } = chromiumForFile();
  let config: StackConfig;
  let symbols: [string, string, string];

  beforeAll(async () => {
    config = await stackConfig(url);
    const list = (await (await fetch(`${url}/api/asset/stocks/list?all=true`)).json()) as {
      data: [CompactStockList];
    };
    const stocks = decodeStockList(list.data[0]);
    const us = stocks.filter(
      (s) => s.exchangeShortName === 'NASDAQ' || s.exchangeShortName === 'NYSE',
    );
    // One stock of another exchange, when the universe has one: its holidays differ.
    const abroad = stocks.find((s) => !['NASDAQ', 'NYSE', 'AMEX'].includes(s.exchangeShortName));
    symbols = [us[0]!.symbol, us[1]!.symbol, (abroad ?? us[2]!).symbol];
  });

  /**
   * The asset API's answers as the SPA received them, by path: the expected values are core's
   * formulas over exactly these (today's bar moves with the simulated price, so a second read
   * could differ).
   */
  const answersOf = (page: Page) => {
    const answers = new Map<string, unknown>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (!path.startsWith('/api/asset/stocks/') || !response.ok()) return;
      void response
        .json()
        .then((body: { data: unknown[] }) => answers.set(path.slice(18), body.data))
        .catch(() => undefined);
    });
    return answers;
  };

  /** What the SPA read at `path` (under /api/asset/stocks/), once it has. */
  const answered = async <T>(answers: Map<string, unknown>, path: string): Promise<T[]> => {
    await expect.poll(() => answers.has(path), { timeout: 20_000 }).toBe(true);
    return answers.get(path) as T[];
  };

  /** A table's body as text: per row its header cell, then its cells. */
  const tableText = (page: Page, caption: RegExp) =>
    page
      .locator('table')
      .filter({ has: page.locator('caption', { hasText: caption }) })
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) =>
          Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent?.trim() ?? ''),
        ),
      );

  const marked = (text: string, best: boolean) => (best ? `${text} ★ (best)` : text);

  /** What the tables must show: core's formulas over the API's answers. */
  async function expectedTables(answers: Map<string, unknown>, compared: readonly string[]) {
    const api = <T>(path: string) => answered<T>(answers, path);
    const drawn = [...compared, BENCHMARK];
    const bars = await Promise.all(
      drawn.map((s) => api<PriceBar>(`chart/${encodeURIComponent(s)}/months-years`)),
    );
    const comparison = rebaseToCommonStart(
      bars.map((b) => b.map((bar) => ({ date: bar.date, close: bar.close }))),
      compareRangeStart(RANGE, new Date()),
    );
    const performance = drawn.map((s, at) => {
      const level = lastLevel(comparison.values[at] ?? []);
      return [
        at === compared.length ? findMarketIndex(s)!.name : s,
        formatNumber(level),
        formatPercent(level === undefined ? null : (level - 100) / 100, {
          ratio: true,
          signed: true,
        }),
      ];
    });

    const ratios = await Promise.all(compared.map((s) => api<RatiosTtm>(`ratios-ttm/${s}/ratios`)));
    const metrics = await Promise.all(
      compared.map((s) => api<KeyMetricsTtm>(`key-metrics-ttm/${s}/metrics`)),
    );
    const ratioRows = COMPARED_RATIOS.map((ratio) => {
      const values = compared.map((_, at) => ratio.value(ratios[at]![0]!, metrics[at]![0]!));
      const best = bestOf(values, ratio.direction);
      return [
        ratio.label,
        ...values.map((v, at) => marked(formatStat(v, ratio.format), best.has(at))),
      ];
    });

    const income = await Promise.all(
      compared.map((s) => api<IncomeStatement>(`statement/${s}/income-statement`)),
    );
    const growthRows = GROWTH_FIELDS.flatMap((field) =>
      GROWTH_YEARS.map((years) => {
        const values = income.map((statements) => growthOf(statements, field, years));
        const best = bestOf(values, 'higher');
        return [
          `${GROWTH_FIELD_LABELS[field]}, ${years}-year CAGR`,
          ...values.map((v, at) =>
            marked(formatPercent(v, { ratio: true, signed: true }), best.has(at)),
          ),
        ];
      }),
    );

    const screens = await Promise.all(compared.map((s) => api<ShariahScreen>(`shariah/${s}`)));
    const shariahRows = shariahSideBySide(screens.map((s) => s[0])).map((row) => [
      row.label,
      ...row.verdicts.map((v) => (v ? VERDICT_TEXT[v] : MISSING_VALUE)),
    ]);
    return { base: comparison.base, performance, ratioRows, growthRows, shariahRows };
  }

  const addStock = async (page: Page, symbol: string) => {
    const search = page.getByRole('combobox', { name: 'Add a stock to compare' });
    await search.click();
    await search.fill(symbol);
    await page.getByRole('option').filter({ hasText: symbol }).first().click();
    await page.getByRole('button', { name: `Remove ${symbol}` }).waitFor();
  };

  const chart = (page: Page) => page.getByTestId('performance-chart');

  async function expectComparison(page: Page, answers: Map<string, unknown>) {
    await page.locator('[data-testid="performance-chart"][data-series="4"]').waitFor();
    const expected = await expectedTables(answers, symbols);
    await expect.poll(() => canvasInk(chart(page).locator('canvas'))).toBeGreaterThan(0);
    expect(expected.base).toBeDefined();
    await expect
      .poll(() => tableText(page, new RegExp(`^Rebased to 100 on ${expected.base}`)))
      .toEqual(expected.performance);
    await expect.poll(() => tableText(page, /^Trailing twelve months/)).toEqual(expected.ratioRows);
    // The demo stocks have ratios to compare: some cell is marked, so the mark is checked at all.
    expect(
      expected.ratioRows.flat().filter((cell) => cell.endsWith('★ (best)')).length,
    ).toBeGreaterThan(0);
    await expect
      .poll(() => tableText(page, /^Compound annual growth/))
      .toEqual(expected.growthRows);
    await expect.poll(() => tableText(page, /^Verdict by standard/)).toEqual(expected.shariahRows);
  }

  it('a Premium user compares three stocks; a reload keeps the comparison; axe finds nothing serious', async () => {
    const account = newAccount('analysis');
    await createAccount(config, account);
    const page = await newPage();
    await login(page, url, account);
    await subscribeToPremium(page, url);
    const answers = answersOf(page);

    await page.goto(`${url}/analysis`);
    await page.getByRole('heading', { level: 1, name: 'Compare stocks' }).waitFor();
    for (const symbol of symbols) await addStock(page, symbol);
    await expect
      .poll(() => new URL(page.url()).search)
      .toBe(`?symbols=${symbols.join(',')}&range=${RANGE}&benchmark=${BENCHMARK}`);

    await expectComparison(page, answers);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // chart.js drew it in the chart worker: this thread never loaded chart.js.
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
    );
    expect(scripts.filter((path) => path.includes('register-chart'))).toEqual([]);
    // The pointer reaches the worker's chart.js: the dates' tooltip shows under it.
    const still = await canvasInk(chart(page).locator('canvas'));
    const box = (await chart(page).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => canvasInk(chart(page).locator('canvas'))).not.toBe(still);
    await page.mouse.move(0, 0);

    // A reload reads everything again and shows the same comparison of it.
    answers.clear();
    await page.reload();
    await expectComparison(page, answers);
    await page.context().close();
  });

  it('a Free user meets the plan’s limit at the third stock', async () => {
    const account = newAccount('analysis-free');
    await createAccount(config, account);
    const page = await newPage();
    await login(page, url, account);
    await page.goto(`${url}/analysis`);
    await page.getByRole('heading', { level: 1, name: 'Compare stocks' }).waitFor();
    const limit = ENTITLEMENTS.free.comparedStocks;
    for (const symbol of symbols.slice(0, limit)) await addStock(page, symbol);
    await page.getByText(limitReachedText('compared stocks', limit, 'free')).waitFor();
    expect(await page.getByRole('combobox', { name: 'Add a stock to compare' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
