import { describe, expect, it } from 'vitest';
import { InMemoryStocksRepository } from '../../lambdas/adapters/testing/memory/stocks-repository';
import { demoCalendar } from './demo/calendar';
import { FIXED_DEMO_ANCHOR, generateUniverse } from './demo/universe';
import { demoMarketCalendar } from './demo-calendar-source';
import { toCompanyData } from './seed-stocks';

describe('the local calendar source', () => {
  const universe = generateUniverse({ count: 5, anchor: FIXED_DEMO_ANCHOR });
  const repository = new InMemoryStocksRepository(universe.map(toCompanyData));
  const range = { from: '2025-01-01', to: '2025-12-31' };
  const expected = (i: number) =>
    demoCalendar({
      symbol: universe[i]!.profile.symbol,
      currency: universe[i]!.profile.currency,
      income: universe[i]!.quarterly.income,
      cash: universe[i]!.quarterly.cash,
    }).filter((e) => e.date >= range.from && e.date <= range.to);

  it('derives the events from the stored statements, for some symbols or all', async () => {
    const source = demoMarketCalendar(repository);
    const one = await source.events(range, [universe[1]!.profile.symbol, 'NOSUCH']);
    expect(one).toEqual(expected(1));
    const all = await source.events(range);
    expect(all).toHaveLength(universe.reduce((n, _, i) => n + expected(i).length, 0));
    expect(all).toEqual(expect.arrayContaining(expected(4)));
  });
});
