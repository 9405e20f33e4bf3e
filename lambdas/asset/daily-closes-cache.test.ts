import { describe, expect, it } from 'vitest';
import type { PriceBar } from '../../core/market/types';
import type { MarketData } from '../ports/market-data';
import { DailyClosesCache } from './daily-closes-cache';

const bar = (date: string, close: number): PriceBar => ({
  date,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
});

/** Three bars, newest first, the last dated today; counts the reads. */
function market(fail = false) {
  const reads: string[] = [];
  const daily: MarketData['daily'] = async (instrument, from) => {
    reads.push(`${instrument.symbol} ${from.toISOString().slice(0, 10)}`);
    if (fail) throw new Error('provider down');
    return [bar('2026-11-26', 12), bar('2026-11-25', 11), bar('2026-11-24', 10)];
  };
  return { reads, daily };
}

const priced = (symbol: string) => ({ symbol, exchangeShortName: 'NYSE' });
const morning = new Date('2026-11-26T15:00:00Z');
const evening = new Date('2026-11-26T23:00:00Z');
const nextDay = new Date('2026-11-27T01:00:00Z');

describe('DailyClosesCache', () => {
  it('keeps the closes before today, ascending, and reads each symbol once that day', async () => {
    const source = market();
    const cache = new DailyClosesCache(source);
    const first = await cache.closes(priced('AAA'), '2026-11-20', morning);
    expect(first).toEqual([
      { date: '2026-11-24', close: 10 },
      { date: '2026-11-25', close: 11 },
    ]);
    await Promise.all([
      cache.closes(priced('AAA'), '2026-11-20', evening),
      cache.closes(priced('AAA'), '2026-11-22', evening),
    ]);
    expect(source.reads).toEqual(['AAA 2026-11-20']);
  });

  it('reads again on a new day, or from an earlier day than it holds', async () => {
    const source = market();
    const cache = new DailyClosesCache(source);
    await cache.closes(priced('AAA'), '2026-11-20', morning);
    await cache.closes(priced('AAA'), '2026-11-10', morning);
    await cache.closes(priced('AAA'), '2026-11-10', nextDay);
    expect(source.reads).toEqual(['AAA 2026-11-20', 'AAA 2026-11-10', 'AAA 2026-11-10']);
  });

  it('shares one read between concurrent requests and keeps no failed one', async () => {
    const source = market(true);
    const cache = new DailyClosesCache(source);
    const both = [
      cache.closes(priced('AAA'), '2026-11-20', morning),
      cache.closes(priced('AAA'), '2026-11-20', morning),
    ];
    await Promise.allSettled(both);
    await expect(both[0]).rejects.toThrow('provider down');
    await expect(cache.closes(priced('AAA'), '2026-11-20', morning)).rejects.toThrow();
    expect(source.reads).toHaveLength(2);
  });

  it('drops the least recently used symbols past its size', async () => {
    const source = market();
    // Two closes a symbol, four at most: the third symbol pushes out the least recently used.
    const cache = new DailyClosesCache(source, 4);
    await cache.closes(priced('AAA'), '2026-11-20', morning);
    await cache.closes(priced('BBB'), '2026-11-20', morning);
    await cache.closes(priced('AAA'), '2026-11-20', morning);
    await cache.closes(priced('CCC'), '2026-11-20', morning);
    await cache.closes(priced('AAA'), '2026-11-20', morning);
    await cache.closes(priced('BBB'), '2026-11-20', morning);
    expect(source.reads).toEqual([
      'AAA 2026-11-20',
      'BBB 2026-11-20',
      'CCC 2026-11-20',
      'BBB 2026-11-20',
    ]);
  });
});
