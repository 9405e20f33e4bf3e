import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { STATEMENT_DEFAULT_LIMIT } from '../../core/constants';
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
import { chartRequest } from '../../core/market/timeframes';
import type { IncomeStatement, PriceBar } from '../../core/market/types';
import { decodeStockList, type CompactStockList } from '../../core/stock-list';
import { ENTITLEMENTS, limitReachedText } from '../../core/subscription';
import {
  createAccount,
  login,
  newAccount,
  stackConfig,
  subscribeToPremium,
  type StackConfig,
} from './accounts';
import { canvasInk } from './canvas';
import { chromiumForFile } from './chromium';
import { seriousViolations } from './curation-console';

const BENCHMARK = '^GSPC';
const RANGE = '1Y';

/**
 * Issue 13's "Must show" 4 and 7 in Chromium on the shared local stack: a Premium user compares
 * three stocks in Analysis — three lines and the benchmark drawn, every ratio, growth rate and
 * Shariah verdict equal to core's formulas over what the API answers, the comparison kept by a
 * reload — axe finds nothing serious; a Free user meets the plan's limit at the third stock.
 */
describe('analysis in Chromium', () => {
  const url = inject('stackUrl');
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

  const api = async <T>(path: string): Promise<T[]> => {
    const response = await fetch(`${url}/api/asset/stocks/${path}`);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return ((await response.json()) as { data: T[] }).data;
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
  async function expectedTables(compared: readonly string[]) {
    const now = new Date();
    const drawn = [...compared, BENCHMARK];
    const bars = await Promise.all(
      drawn.map((s) => {
        const { query } = chartRequest(s, '5Y', now);
        return api<PriceBar>(`chart/${encodeURIComponent(s)}/months-years?from=${query.from}`);
      }),
    );
    const comparison = rebaseToCommonStart(
      bars.map((b) => b.map((bar) => ({ date: bar.date, close: bar.close }))),
      compareRangeStart(RANGE, now),
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
      compared.map((s) =>
        api<IncomeStatement>(
          `statement/${s}/income-statement?period=annual&limit=${STATEMENT_DEFAULT_LIMIT}`,
        ),
      ),
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

  async function expectComparison(
    page: Page,
    expected: Awaited<ReturnType<typeof expectedTables>>,
  ) {
    await page.locator('[data-testid="performance-chart"][data-series="4"]').waitFor();
    await expect.poll(() => canvasInk(chart(page).locator('canvas'))).toBeGreaterThan(0);
    expect(expected.base).toBeDefined();
    await expect
      .poll(() => tableText(page, new RegExp(`^Rebased to 100 on ${expected.base}`)))
      .toEqual(expected.performance);
    await expect.poll(() => tableText(page, /^Trailing twelve months/)).toEqual(expected.ratioRows);
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

    await page.goto(`${url}/analysis`);
    await page.getByRole('heading', { level: 1, name: 'Compare stocks' }).waitFor();
    for (const symbol of symbols) await addStock(page, symbol);
    await expect
      .poll(() => new URL(page.url()).search)
      .toBe(`?symbols=${symbols.join(',')}&range=${RANGE}&benchmark=${BENCHMARK}`);

    const expected = await expectedTables(symbols);
    await expectComparison(page, expected);
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await expectComparison(page, expected);
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
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
