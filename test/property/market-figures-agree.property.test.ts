import { describe, expect, it } from 'vitest';
import { formatPercent, formatStat } from '../../core/format';
import { addDaysTo, type DividendEvent } from '../../core/market/calendar';
import { DEMO_PER_USD, isCurrency } from '../../core/market/fx';
import { InMemoryStocksRepository } from '../../lambdas/adapters/testing/memory/stocks-repository';
import { AssetService } from '../../lambdas/asset/service';
import { NotFound } from '../../core/domain-errors';
import { demoMarketCalendar } from '../../infra/local/demo-calendar-source';
import { simulatedMarketData } from '../../infra/local/market/market-data';
import { FIXED_DEMO_ANCHOR } from '../../infra/local/demo/universe';
import { toCompanyData } from '../../infra/local/seed-stocks';
import { fullDemoUniverse } from '../support/demo-universe';

/**
 * Over EVERY company of the demo universe `npm start` seeds, each market figure prints the same
 * wherever it shows: the dividend yield of the screener, the key statistics and the calendar's
 * dividends; and the most
 * active rank the day's traded value in one currency at the product's own rates. Each pair is
 * compared as the screens print it (core/format.ts), so a rounding apart is a failure too. (EPS
 * shows once, on the income statement: the key statistics print FMP's net income per share over
 * today's share count under that name, see core/market/ratios.ts.)
 */
describe('demo universe: every market figure agrees wherever it shows', () => {
  const universe = fullDemoUniverse();
  const now = new Date(`${FIXED_DEMO_ANCHOR}T16:00:00Z`);
  const stocks = new InMemoryStocksRepository(universe.map(toCompanyData));
  const service = new AssetService(stocks, simulatedMarketData(), {
    calendar: demoMarketCalendar(stocks, () => now.getTime()),
  });
  const symbols = universe.map((c) => c.profile.symbol);

  /** A TTM read of the stock page, or undefined without TTM statements (the page shows none). */
  const orNone = async <T>(read: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await read();
    } catch (error) {
      if (error instanceof NotFound) return undefined;
      throw error;
    }
  };

  it('prints the same dividend yield in the screener, the key statistics and the calendar', async () => {
    const rows = new Map((await service.screenerUniverse(now)).map((r) => [r.symbol, r]));
    // A quarter around the anchor: every payer has at least one dividend in it.
    const range = { from: addDaysTo(FIXED_DEMO_ANCHOR, -91), to: FIXED_DEMO_ANCHOR };
    const dividends = (await service.calendar(range, now)).filter(
      (e): e is DividendEvent => e.kind === 'dividend',
    );
    const wrong: string[] = [];
    for (const event of dividends) {
      const screener = formatPercent(rows.get(event.symbol)?.dividendYield);
      const calendar = formatPercent(event.yield);
      if (screener !== calendar)
        wrong.push(`${event.symbol} ${event.date}: ${screener} vs ${calendar}`);
    }
    for (const symbol of symbols.slice(0, 300)) {
      const ratios = await orNone(() => service.ratiosTtm(symbol, now));
      if (!ratios) continue;
      const keyStats = formatStat(ratios.dividendYielTTM, 'percent');
      const screener = formatPercent(rows.get(symbol)?.dividendYield);
      if (keyStats !== screener) wrong.push(`${symbol}: key statistics ${keyStats} vs ${screener}`);
    }
    expect(wrong).toEqual([]);
    expect(dividends.length).toBeGreaterThan(100);
  });

  it('ranks the most active by traded value in US dollars at the product rates', async () => {
    const limit = 10;
    const { mostActive } = await service.movers(limit, now);
    const usd = (currency: string, local: number) =>
      isCurrency(currency) ? local / DEMO_PER_USD[currency] : Number.NaN;
    const expected = (await service.universeQuotes(now))
      .map(({ record, quote }) => ({
        symbol: record.symbol,
        value: usd(record.profile.currency, quote.volume * quote.price),
      }))
      .sort((a, b) => b.value - a.value)
      .slice(0, limit)
      .map((m) => m.symbol);
    expect(mostActive.map((m) => m.symbol)).toEqual(expected);
    for (const m of mostActive) {
      expect(m.tradedValue).toBeCloseTo(m.volume * m.price, 0);
      expect(m.tradedValueUsd).toBeCloseTo(usd(m.currency, m.tradedValue), 0);
    }
  });
});
