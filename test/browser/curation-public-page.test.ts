import type { Page } from 'playwright-core';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toShariahInputs, type ShariahInput } from '../../core/curation/shariah';
import { sheetInputSchema, toStatement, type SheetInput } from '../../core/curation/sheet';
import { SHEET_CSV_COLUMNS, sheetCsvRecord } from '../../core/curation/sheet-csv';
import { formatAmount, formatNumber, formatPercent } from '../../core/format';
import { averageCloses, averageMarketCaps } from '../../core/market/average-market-cap';
import { computeRatiosTtm } from '../../core/market/ratios';
import {
  SHARIAH_STANDARD_NAMES,
  VERDICT_TEXT,
  screenShariah,
  type ShariahScreen,
} from '../../core/market/shariah';
import { STATEMENT_TITLES } from '../../core/market/statements';
import { PERIOD_LABELS } from '../../core/market/timeframes';
import { ttmCashFlowStatement, ttmIncomeStatement } from '../../core/market/ttm';
import type {
  BalanceSheet,
  CashFlowStatement,
  CompanyProfile,
  IncomeStatement,
  PriceBar,
  StatementKind,
} from '../../core/market/types';
import { curationConsole, fill, newStockIdentity, saved } from './curation-console';
import { seriousAxeViolations } from './axe';

/**
 * Curation reaching the public page, in Chromium against the shared local stack: the admin adds a
 * stock, brings in four quarters by CSV (so TTM exists), adds an annual income sheet and the latest
 * quarter's balance sheet, sets the company's Shariah inputs; the public page shows the figures,
 * the TTM debt/equity and the six standards' verdicts. The admin then raises the balance sheet's
 * debt, and the public page shows the new statement value, the new ratio and the verdicts turned
 * non-compliant. Every expectation is computed with core's own formulas and formats from what was
 * typed. axe: no serious or critical violation on any console screen the admin uses.
 */
describe('curation: the public stock page follows the console', () => {
  const { url, newPage, adminPage } = curationConsole('publicpage');
  const SHARES = 100_000_000;
  const YEAR = 2025;
  const QUARTER_ENDS = ['03-31', '06-30', '09-30', '12-31'] as const;

  const api = async <T>(path: string): Promise<T[]> => {
    const response = await fetch(`${url}/api/asset${path}`);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: T[] }).data;
  };

  const sheet = (
    isin: string,
    kind: StatementKind,
    quarter: number,
    lines: Record<string, number>,
  ): SheetInput =>
    sheetInputSchema.parse({
      isin,
      sheetType: kind,
      sheetDuration: quarter === 0 ? 'annual' : 'quarter',
      isAnnual: quarter === 0,
      year: YEAR,
      quarter,
      date: `${YEAR}-${QUARTER_ENDS[quarter === 0 ? 3 : quarter - 1]}`,
      ...lines,
    });

  /** Each line typed into the sheet editor, by the label the form gives it. */
  async function typeLines(page: Page, labels: Record<string, string>, lines: object) {
    const values = lines as Record<string, number>;
    await fill(
      page,
      Object.fromEntries(
        Object.entries(labels).map(([field, label]) => [label, String(values[field])]),
      ),
    );
  }

  /** A visitor's fresh load of the public page (no cache of an earlier visit). */
  async function publicPage(symbol: string) {
    const visitor = await newPage();
    await visitor.goto(`${url}/stocks/${symbol}`);
    const statistics = visitor.getByRole('region', { name: 'Key statistics (TTM)', exact: true });
    const shariah = visitor.getByRole('region', { name: 'Shariah screen', exact: true });
    const statements = visitor.getByRole('region', { name: 'Financial statements', exact: true });
    await shariah.locator('.shariah-overall').waitFor();
    const statistic = (label: string) =>
      statistics
        .locator('dl > div', { has: visitor.getByText(label, { exact: true }) })
        .locator('dd')
        .textContent();
    /** The badge's word (its icon is aria-hidden, for the eye only). */
    const verdictOf = (badge: ReturnType<Page['locator']>) =>
      badge.evaluate((el) => {
        const copy = el.cloneNode(true) as Element;
        copy.querySelectorAll('[aria-hidden="true"]').forEach((icon) => icon.remove());
        return (copy.textContent ?? '').trim();
      });
    const verdicts: Record<string, string> = {
      overall: await verdictOf(shariah.locator('.shariah-overall .verdict')),
    };
    for (const name of Object.values(SHARIAH_STANDARD_NAMES)) {
      const group = shariah.getByRole('group', { name: new RegExp(`^${escape(name)} `) });
      verdicts[name] = await verdictOf(group.locator('h3 .verdict'));
    }
    const msciDebt = await shariah
      .getByRole('group', { name: /^MSCI Islamic / })
      .locator('tbody tr', { hasText: 'Interest-bearing debt' })
      .locator('td')
      .first()
      .textContent();
    const cell = async (tab: StatementKind, period: 'annual' | 'quarter', line: string) => {
      await statements.getByRole('tab', { name: STATEMENT_TITLES[tab] }).click();
      await statements.getByRole('radio', { name: PERIOD_LABELS[period] }).click();
      const row = statements.locator('tbody tr', {
        has: visitor.getByRole('rowheader', { name: line, exact: true }),
      });
      await row.waitFor();
      return row.locator('td').allTextContents();
    };
    const shown = {
      debtEquity: await statistic('Debt / equity'),
      debtRatio: await statistic('Debt ratio'),
      verdicts,
      msciDebt,
      revenue: await cell('income', 'annual', 'Revenue'),
      totalDebt: await cell('balance', 'quarter', 'Total debt'),
    };
    await visitor.context().close();
    return shown;
  }

  /**
   * A stock an admin adds has no price until a market reports one (the local market prices the
   * generated universe only): its market cap is then unknown, and the standards that weigh debt
   * against it name that input as missing.
   */
  const marketCapOf = (profile: CompanyProfile | undefined): number =>
    profile?.price ? profile.price * SHARES : Number.NaN;
  /** The standards that weigh debt against total assets: they judge a stock without a price. */
  const ASSET_BASED = [SHARIAH_STANDARD_NAMES.msci, SHARIAH_STANDARD_NAMES.ftse];

  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  /** The public screen as core computes it from the typed sheets and inputs, at today's prices. */
  async function expectedScreen(
    symbol: string,
    balance: BalanceSheet,
    income: IncomeStatement,
    shariah: ShariahInput,
  ): Promise<ShariahScreen> {
    const now = new Date();
    const [profile] = await api<CompanyProfile>(`/stocks/profile/${symbol}`);
    const bars = await api<PriceBar>(`/stocks/chart/${symbol}/months-years`);
    return screenShariah({
      balance,
      income,
      marketCap: marketCapOf(profile),
      ...averageMarketCaps(averageCloses(bars, now), SHARES),
      inputs: toShariahInputs(shariah, { symbol, reviewer: 'the admin' }),
    });
  }

  const verdictTexts = (screen: ShariahScreen): Record<string, string> => ({
    overall: VERDICT_TEXT[screen.overall],
    ...Object.fromEntries(
      screen.results.map((r) => [SHARIAH_STANDARD_NAMES[r.standard], VERDICT_TEXT[r.verdict]]),
    ),
  });

  it('the admin adds a stock, its quarters by CSV, an annual income sheet and a balance sheet, edits the balance sheet, and the public page’s figures, ratios and Shariah verdicts follow (axe: 0 serious)', async () => {
    const { symbol, isin } = newStockIdentity('CP', 1);
    const page = await adminPage();

    // The stock.
    await page.goto(`${url}/admin/settings/stocks/add`);
    await page.getByLabel('Symbol').fill(symbol);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Exchange').selectOption('NYSE');
    await page.getByLabel('ISIN').fill(isin);
    await page.getByLabel('Company name').fill('Public Page Holdings');
    await page.getByLabel('Sector').fill('Industrials');
    await page.getByLabel('Industry').fill('Machinery');
    await page.getByLabel('Shares outstanding').fill(String(SHARES));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === `/admin/settings/stocks/detail/${isin}`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Figures in units of 1,000: the debt screens pass by a wide margin before the edit and fail
    // by a wide one after it.
    const [listed] = await api<CompanyProfile>(`/stocks/profile/${symbol}`);
    expect(listed?.price).toBeUndefined();
    const u = 1_000;
    const quarterIncome = { revenue: 50 * u, costOfRevenue: 20 * u, grossProfit: 30 * u };
    const balanceBefore = {
      cashAndCashEquivalents: 20 * u,
      netReceivables: 30 * u,
      totalAssets: 500 * u,
      totalLiabilities: 200 * u,
      totalStockholdersEquity: 300 * u,
      totalEquity: 300 * u,
      totalDebt: 10 * u,
    };
    const quarters = [1, 2, 3, 4].flatMap((q) => [
      sheet(isin, 'income', q, quarterIncome),
      sheet(isin, 'cash', q, { operatingCashFlow: 15 * u }),
      ...(q < 4 ? [sheet(isin, 'balance', q, balanceBefore)] : []),
    ]);

    // Q1–Q4 income and cash flow, Q1–Q3 balance sheets by CSV.
    await page.goto(`${url}/admin/settings/sheets`);
    await page.getByLabel('CSV file').setInputFiles({
      name: 'quarters.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        Papa.unparse(quarters.map(sheetCsvRecord), { columns: [...SHEET_CSV_COLUMNS] }),
      ),
    });
    await page
      .getByText('quarters.csv: 11 rows checked — 11 ready for 1 company, 0 with errors.')
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Import 11 sheets' }).click();
    await page
      .getByText('Import finished: 11 added, 0 replaced, 0 unchanged across 1 of 1 companies.')
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The annual income sheet.
    const sheetsUrl = (rest: string) =>
      `${url}/admin/settings/sheets/${isin}${rest}?symbol=${symbol}`;
    const annualRevenue = 200 * u;
    const annual = sheet(isin, 'income', 0, {
      revenue: annualRevenue,
      costOfRevenue: 80 * u,
      grossProfit: 120 * u,
    });
    await page.goto(sheetsUrl('/add'));
    await page.getByLabel('Year').waitFor();
    await fill(page, { Year: String(YEAR), 'Period end (YYYY-MM-DD)': `${YEAR}-12-31` });
    const incomeLabels = {
      revenue: 'Revenue',
      costOfRevenue: 'Cost of revenue',
      grossProfit: 'Gross profit',
    };
    await typeLines(page, incomeLabels, annual);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);

    // The latest quarter's balance sheet: the one TTM ratios and the Shariah screen read.
    const balanceLabels = {
      cashAndCashEquivalents: 'Cash and cash equivalents',
      netReceivables: 'Receivables',
      totalAssets: 'Total assets',
      totalLiabilities: 'Total liabilities',
      totalStockholdersEquity: "Total shareholders' equity",
      totalEquity: 'Total equity',
      totalDebt: 'Total debt',
    };
    const q4Before = sheet(isin, 'balance', 4, balanceBefore);
    await page.goto(sheetsUrl('/add'));
    await page.getByLabel('Statement').selectOption('balance');
    await page.getByLabel('Duration').selectOption('quarter');
    // The select sits inside its label, so its name runs on with the chosen option ('Quarter Q1').
    await page.getByRole('combobox', { name: /^Quarter/ }).selectOption('4');
    await fill(page, { Year: String(YEAR), 'Period end (YYYY-MM-DD)': `${YEAR}-12-31` });
    await typeLines(page, balanceLabels, q4Before);
    await page
      .getByRole('status')
      .filter({ hasText: 'Every identity that can be checked holds.' })
      .waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    await page.waitForURL((u) => u.pathname.endsWith(`/edit/balance-${YEAR}-Q4`));

    // The company's Shariah inputs: 1% of revenue non-permissible; debt left to the balance sheet.
    const ttmRevenue = 4 * quarterIncome.revenue;
    const shariah: ShariahInput = {
      businessActivity: 'permissible',
      interestBearingSecurities: 10 * u,
      asOf: `${YEAR}-12-31`,
      revenueSplit: {
        permissible: (ttmRevenue / 100) * 99,
        nonPermissible: ttmRevenue / 100,
        sources: [{ name: 'Interest income', amount: ttmRevenue / 100 }],
      },
    };
    await page.goto(`${url}/admin/settings/shariah?symbol=${symbol}`);
    await page.getByRole('heading', { name: 'History', exact: true }).waitFor();
    await fill(page, {
      'Interest-bearing securities': String(shariah.interestBearingSecurities),
      'As of': shariah.asOf,
      'Permissible revenue': String(shariah.revenueSplit.permissible),
      'Non-permissible revenue': String(shariah.revenueSplit.nonPermissible),
    });
    await page.getByRole('button', { name: 'Add a source' }).click();
    await fill(page, {
      'Name of source 1': 'Interest income',
      'Amount of source 1': String(shariah.revenueSplit.sources[0]!.amount),
    });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);

    // What core computes from the typed figures, as the server stores them.
    const context = { symbol, reportedCurrency: 'USD', filedAt: new Date() };
    const stored = <K extends StatementKind>(input: SheetInput) =>
      toStatement(input as SheetInput<K>, context);
    const ttmIncome = ttmIncomeStatement(
      quarters
        .filter((s) => s.sheetType === 'income')
        .reverse()
        .map((s) => stored<'income'>(s)),
    )!;
    const ttmCash = ttmCashFlowStatement(
      quarters
        .filter((s) => s.sheetType === 'cash')
        .reverse()
        .map((s) => stored<'cash'>(s)),
    )!;
    const expectedFor = async (balanceInput: SheetInput) => {
      const balance = { ...stored<'balance'>(balanceInput), period: 'TTM' } as BalanceSheet;
      const ratios = computeRatiosTtm({
        income: ttmIncome,
        balance,
        cash: ttmCash as CashFlowStatement,
        price: 1,
        sharesOutstanding: SHARES,
        dividendPerShare: 0,
      });
      const screen = await expectedScreen(symbol, balance, ttmIncome, shariah);
      const msci = screen.results.find((r) => r.standard === 'msci')!;
      return {
        debtEquity: formatNumber(ratios.debtEquityRatioTTM),
        debtRatio: formatNumber(ratios.debtRatioTTM),
        verdicts: verdictTexts(screen),
        msciDebt: formatPercent(msci.ratios[0]!.value, { ratio: true }),
        revenue: formatAmount(annualRevenue, 'M'),
        totalDebt: formatAmount(balance.totalDebt, 'M'),
      };
    };

    const before = await expectedFor(q4Before);
    // The figures were chosen to pass every standard that can judge them: the test proves a
    // change, not a constant.
    expect(ASSET_BASED.map((name) => before.verdicts[name])).toEqual(['Compliant', 'Compliant']);
    const shownBefore = await publicPage(symbol);
    expect(shownBefore).toMatchObject({
      debtEquity: before.debtEquity,
      debtRatio: before.debtRatio,
      verdicts: before.verdicts,
      msciDebt: before.msciDebt,
    });
    // TTM first, then the annual sheet; the quarterly balance sheets newest first.
    expect(shownBefore.revenue.slice(0, 2)).toEqual([
      formatAmount(ttmRevenue, 'M'),
      before.revenue,
    ]);
    expect(shownBefore.totalDebt[0]).toBe(before.totalDebt);

    // The edit: a loan of 4,990 u raises debt, liabilities and assets alike (still balanced).
    const loan = 4_990 * u;
    const q4After = sheet(isin, 'balance', 4, {
      ...balanceBefore,
      totalDebt: balanceBefore.totalDebt + loan,
      totalLiabilities: balanceBefore.totalLiabilities + loan,
      totalAssets: balanceBefore.totalAssets + loan,
    });
    await page.goto(sheetsUrl(`/edit/balance-${YEAR}-Q4`));
    await page.getByLabel('Total debt', { exact: true }).waitFor();
    await typeLines(
      page,
      {
        totalDebt: 'Total debt',
        totalLiabilities: 'Total liabilities',
        totalAssets: 'Total assets',
      },
      q4After,
    );
    await page
      .getByRole('status')
      .filter({ hasText: 'Every identity that can be checked holds.' })
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as version 2.' }).waitFor();

    const after = await expectedFor(q4After);
    expect(ASSET_BASED.map((name) => after.verdicts[name])).toEqual([
      'Non-compliant',
      'Non-compliant',
    ]);
    const shownAfter = await publicPage(symbol);
    expect(shownAfter).toMatchObject({
      debtEquity: after.debtEquity,
      debtRatio: after.debtRatio,
      verdicts: after.verdicts,
      msciDebt: after.msciDebt,
    });
    expect(shownAfter.totalDebt[0]).toBe(after.totalDebt);
    expect(after.debtEquity).not.toBe(before.debtEquity);
    expect(after.debtRatio).not.toBe(before.debtRatio);
    expect(after.totalDebt).not.toBe(before.totalDebt);
    await page.context().close();
  });
});
