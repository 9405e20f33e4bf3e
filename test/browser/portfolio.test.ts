import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateOfDayNumber, dayNumberOf } from '../../core/day-numbers';
import { formatNumber, formatPercent } from '../../core/format';
import { SHARIAH_STANDARD_NAMES, SHARIAH_STANDARDS, VERDICT_TEXT } from '../../core/market/shariah';
import { portfolioSummary, type PortfolioSummary } from '../../core/portfolio/summary';
import { marketRequestOf } from '../../core/portfolio/summary-inputs';
import type { PortfolioSummaryAnswer, PortfolioTransactions } from '../../core/portfolios';
import { STOCKS_TABLE } from '../../core/tables';
import { simulatedMarketData } from '../../infra/local/market/market-data';
import { DynamoDbStocksRepository } from '../../lambdas/adapters/dynamodb/stocks-repository';
import { composeAssetService } from '../../lambdas/asset/compose-service';
import { ProductPortfolioMarketInputs } from '../../lambdas/asset/portfolio-market-inputs';
import { stackDocumentClient } from '../support/shared-stack';
import { sharedStackInfo } from '../support/shared-stack-info';
import { createAccount, login, newAccount, stackConfig } from './accounts';
import { seriousAxeViolations } from './axe';
import { chromiumForFile } from './chromium';
import { layoutProblems } from './layout-problems';
import { usSymbols } from './us-symbols';

const money = (value: number | null | undefined) => `${formatNumber(value)} USD`;
const signed = (value: number | null | undefined) =>
  formatPercent(value, { ratio: true, signed: true });
const share = (value: number | null | undefined) => formatPercent(value, { ratio: true });

/**
 * A portfolio on /dashboard in Chromium on the shared local stack: a user creates one, enters a
 * buy, a dividend and a sale through the form, and sees its value, gains, returns, compliance
 * split, purification and zakat, each the figure core's portfolioSummary computes from what was
 * entered and the market inputs the product reads; axe finds nothing serious, and at 390 px
 * nothing is clipped. One page, one account, the dashboard loaded once.
 */
describe('a portfolio in Chromium', () => {
  const stack = sharedStackInfo();
  const url = stack.url;
  const { newPage } = chromiumForFile();
  let symbol: string;

  beforeAll(async () => {
    [symbol] = (await usSymbols(url, 1)) as [string];
  });

  const today = new Date().toISOString().slice(0, 10);
  const daysAgo = (days: number) => dateOfDayNumber(dayNumberOf(today) - days);

  async function enter(page: Page, type: string, fields: Record<string, string>) {
    const form = page.locator('.transaction-add');
    if (!(await form.evaluate((d) => (d as HTMLDetailsElement).open))) {
      await form.getByText('Enter a transaction').click();
    }
    await form.getByLabel('Type').selectOption(type);
    for (const [label, value] of Object.entries(fields)) {
      await form.getByLabel(label, { exact: true }).fill(value);
    }
    const written = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/transactions'),
    );
    await form.getByRole('button', { name: 'Add transaction' }).click();
    expect((await written).status()).toBe(200);
    // The form is emptied once the answer is in: the next entry starts after that.
    await expect.poll(() => form.getByLabel('Symbol', { exact: true }).inputValue()).toBe('');
  }

  /** Core's summary of what was entered, over the market inputs read here as the server reads them. */
  async function expectedSummary(served: PortfolioSummaryAnswer, authorization: string) {
    const { transactions } = (await (
      await fetch(`${url}/api/subscription/portfolios/${served.portfolio.id}/transactions`, {
        headers: { Authorization: authorization },
      })
    ).json()) as PortfolioTransactions;
    const stocks = new DynamoDbStocksRepository(stackDocumentClient(stack), STOCKS_TABLE.localName);
    const market = simulatedMarketData();
    const inputs = new ProductPortfolioMarketInputs({
      assets: composeAssetService({ stocks, market }),
      stocks,
      market,
    });
    const entered = {
      currency: 'USD' as const,
      benchmark: served.portfolio.benchmark,
      transactions,
    };
    const read = await inputs.read(marketRequestOf(entered)!, new Date());
    // The live price may move between the two reads: the one the server valued at is taken.
    const symbols = new Map(
      [...read.symbols].map(([s, m]) => [
        s,
        { ...m, price: served.summary.holdings.find((h) => h.symbol === s)!.price! },
      ]),
    );
    const zakat = served.summary.zakat!;
    return portfolioSummary({
      portfolio: entered,
      today: served.summary.today,
      standard: 'aaoifi',
      market: symbols,
      rates: read.rates,
      ...(read.benchmarkCloses ? { benchmarkCloses: read.benchmarkCloses } : {}),
      zakat: {
        settings: {
          date: zakat.date,
          year: zakat.year,
          nisabMetal: zakat.nisab.metal,
          pricePerGram: zakat.nisab.pricePerGram,
          otherWealth: zakat.otherWealth,
        },
      },
    });
  }

  async function checkShown(page: Page, expected: PortfolioSummary) {
    const totals = page.getByTestId('portfolio-totals');
    await expect.poll(() => totals.textContent()).toContain(money(expected.totals.marketValue));
    const text = (await totals.textContent())!;
    expect(text).toContain(`Cost basis (FIFO)${money(expected.totals.costBasis)}`);
    expect(text).toContain(`Unrealized gain${money(expected.totals.unrealizedGain)}`);
    expect(text).toContain(`Realized gain${money(expected.totals.realizedGain)}`);
    expect(text).toContain(`Dividends received${money(expected.totals.dividends)}`);

    const performance = expected.performance as Exclude<
      PortfolioSummary['performance'],
      { missing: string }
    >;
    const all = performance.find((p) => p.period === 'ALL')!;
    const returns = page.getByRole('region', { name: 'Returns by period' });
    const allRow = returns
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'ALL' }) });
    expect(await allRow.textContent()).toContain(
      `${signed(all.timeWeightedReturn)}${signed(all.moneyWeightedReturn)}`,
    );

    const compliance = page.getByRole('region', { name: 'Compliance by standard' });
    for (const standard of SHARIAH_STANDARDS) {
      const split = expected.compliance[standard];
      const row = compliance.locator(`tr[data-standard="${standard}"]`);
      expect(await row.textContent()).toBe(
        `${SHARIAH_STANDARD_NAMES[standard]}${standard === 'aaoifi' ? ' (yours)' : ''}` +
          `${share(split.compliant)}${share(split.questionable)}${share(split['non-compliant'])}${share(split.unknown)}`,
      );
    }
    const verdict = expected.holdings[0]!.verdict;
    const holdingRow = page
      .getByRole('region', { name: 'Holdings table' })
      .getByRole('row')
      .filter({ hasText: symbol });
    expect(await holdingRow.textContent()).toContain(verdict ? VERDICT_TEXT[verdict] : '—');

    const [purified] = expected.purification.dividends;
    const aaoifi = purified!.amounts.find((a) => a.standard === 'aaoifi')!;
    const dividendRow = page
      .getByRole('region', { name: 'Purification by dividend' })
      .getByRole('row')
      .filter({ hasText: 'AAOIFI' });
    expect(await dividendRow.textContent()).toContain(
      'missing' in aaoifi
        ? `Missing: ${aaoifi.missing}.`
        : `${share(aaoifi.share)}${aaoifi.periodEnd}${formatNumber(aaoifi.amount)} USD`,
    );

    const zakat = expected.zakat!;
    const zakatTotals = (await page.getByTestId('zakat-totals').textContent())!;
    expect(zakatTotals).toContain(`Zakat on the holdings${money(zakat.zakat)}`);
    expect(zakatTotals).toContain(`Zakat due${money(zakat.due)}`);
  }

  it('a user enters a buy, a dividend and a sale and sees core’s figures for them', async () => {
    const config = await stackConfig(url);
    const account = newAccount('portfolio');
    await createAccount(config, account);
    const page = await newPage();
    await login(page, url, account);
    if (!page.url().endsWith('/dashboard')) await page.goto(`${url}/dashboard`);

    const portfolios = page.getByRole('region', { name: 'Portfolios' });
    await portfolios.getByText('New portfolio').click();
    await portfolios.getByLabel('Name').fill('Browser folio');
    await portfolios.getByRole('button', { name: 'Create portfolio' }).click();
    await page.getByRole('heading', { name: 'Browser folio' }).waitFor();

    await enter(page, 'buy', {
      Date: daysAgo(400),
      Symbol: symbol,
      Shares: '10',
      'Price per share': '100',
      Fees: '1',
    });
    await enter(page, 'dividend', {
      Date: daysAgo(100),
      Symbol: symbol,
      Amount: '8.5',
      'Tax withheld': '1.5',
    });
    await enter(page, 'sell', {
      Date: daysAgo(30),
      Symbol: symbol,
      Shares: '4',
      'Price per share': '120',
    });

    const zakat = page.getByRole('region', { name: 'Zakat estimate' });
    await zakat.getByLabel('Nisab metal').selectOption('silver');
    await zakat.getByLabel('Price per gram (USD)').fill('0.8');
    const summary = page.waitForResponse(
      (r: Response) => r.url().includes('/summary?') && r.url().includes('pricePerGram=0.8'),
    );
    await zakat.getByRole('button', { name: 'Estimate zakat' }).click();
    const answer = await summary;
    const served = (await answer.json()) as PortfolioSummaryAnswer;
    await page.getByTestId('zakat-totals').waitFor();

    // The transactions as stored, read with the SPA's own token.
    const expected = await expectedSummary(served, answer.request().headers()['authorization']!);
    expect(served.summary).toEqual(expected);
    expect(expected.holdings[0]).toMatchObject({ symbol, quantity: 6 });
    await checkShown(page, expected);

    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.clientWidth)).toBe(390);
    expect(await layoutProblems(page, false)).toEqual([]);
  });
});
