import { describe, expect, it } from 'vitest';
import { formatPercent } from '../../core/format';
import { previousSessionClose, quoteDayChange } from '../../core/market/day-change';
import { chartRequest } from '../../core/market/timeframes';
import { FIXED_DEMO_ANCHOR } from '../../infra/local/demo/universe';
import { toCompanyData } from '../../infra/local/seed-stocks';
import { InMemoryStocksRepository } from '../../lambdas/adapters/testing/memory/stocks-repository';
import { simulatedMarketData } from '../../infra/local/market/market-data';
import { AssetService } from '../../lambdas/asset/service';
import {
  chartChange,
  previousCloseFrom,
  shownSession,
  toPoints,
} from '../../web/src/components/chart/chart-points';
import { fullDemoUniverse } from '../support/demo-universe';

/**
 * Over EVERY company of the demo universe `npm start` seeds, at moments that put the world's
 * exchanges in each of their states, the day's change is one figure wherever an investor reads it
 * (figures that disagree look like an error: a header at +0.45% over a 1D chart at −0.02%):
 * - the quote header: core's day change of the quote;
 * - the chart's 1D figure: the web's own chartChange over the 1D bars the page asks for
 *   (core's chartRequest), against the close of the session before the one shown, read from the
 *   daily bars as the page reads it;
 * - the movers and the screener rows, as the asset API builds them.
 * The browser test (test/browser/day-change.test.ts) checks the same on the drawn page for one
 * company; this checks the data paths for all of them.
 */
describe('demo universe: one day change in the header, the 1D chart, the movers and the screener', () => {
  const universe = fullDemoUniverse();
  const service = new AssetService(
    new InMemoryStocksRepository(universe.map(toCompanyData)),
    simulatedMarketData(),
  );

  /** The figure as the page prints it, to two decimals with its sign. */
  const shown = (percent: number | undefined) =>
    percent === undefined ? 'none' : formatPercent(percent, { signed: true });

  /** The 1D chart's figure, computed as PriceChart does from what it fetches. */
  async function chartFigure(symbol: string, now: Date): Promise<number | undefined> {
    const request = chartRequest(symbol, '1D', now);
    if (request.endpoint !== 'intraday') throw new Error('1D is an intraday chart');
    const points = toPoints(
      await service.intraday(symbol, request.query.day, request.query.from, now),
    );
    const session = shownSession(points);
    if (!session) return undefined;
    // chart-query.ts's previousCloseQuery: the daily bars from the day it asks for.
    const from = previousCloseFrom(session);
    const previousClose = previousSessionClose(await service.daily(symbol, from, now), session);
    return chartChange(points, '1D', previousClose)?.percent;
  }

  // Thanksgiving on the anchor day (US closed, Europe trading), an Asian morning, a Saturday, and
  // a Monday with Europe and the US both open: each exchange before, during and after a session.
  const MOMENTS = [
    `${FIXED_DEMO_ANCHOR}T15:00:00Z`,
    '2026-11-27T02:30:00Z',
    '2026-11-28T12:00:00Z',
    '2026-11-30T15:17:00Z',
  ];

  it.each(MOMENTS)('at %s', async (moment) => {
    const now = new Date(moment);
    const header = new Map<string, number>();
    for (const { record, quote } of await service.universeQuotes(now)) {
      header.set(record.symbol, quoteDayChange(quote).percent);
    }
    expect(header.size).toBe(universe.length);

    const movers = await service.movers(universe.length, now);
    const moverFigure = new Map(movers.gainers.map((m) => [m.symbol, m.changesPercentage]));
    const screener = new Map(
      (await service.screenerUniverse(now)).map((s) => [s.symbol, s.changesPercentage]),
    );

    const disagree: string[] = [];
    let moved = 0;
    for (const company of universe) {
      const symbol = company.profile.symbol;
      const figures = {
        header: header.get(symbol),
        chart: await chartFigure(symbol, now),
        movers: moverFigure.get(symbol),
        screener: screener.get(symbol),
      };
      const printed = new Set(Object.values(figures).map(shown));
      const exact = Object.values(figures).every(
        (x) => x !== undefined && Math.abs(x - figures.header!) < 1e-9,
      );
      if (printed.size !== 1 || !exact) disagree.push(`${symbol}: ${JSON.stringify(figures)}`);
      if (shown(figures.header) !== shown(0)) moved += 1;
    }
    expect(disagree.slice(0, 10)).toEqual([]);
    // The figures mean something: most companies moved on their latest session.
    expect(moved).toBeGreaterThan(universe.length / 2);
  });
});
