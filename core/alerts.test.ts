import { describe, expect, it } from 'vitest';
import { createAlertBody, updateAlertBody } from './api/alerts';
import { describeCondition, firesOn, noticeOf, type AlertCondition } from './alerts';
import type { Quote } from './market/types';

const quote = (over: Partial<Quote> = {}): Quote => ({
  symbol: 'AAPL',
  price: 100,
  change: 2,
  changesPercentage: 2,
  dayLow: 97,
  dayHigh: 101,
  yearLow: 80,
  yearHigh: 120,
  open: 98,
  previousClose: 98,
  volume: 1,
  avgVolume: 1,
  marketOpen: true,
  timestamp: 0,
  ...over,
});

describe('firesOn', () => {
  it('fires an above alert at or above its price, not below', () => {
    expect(firesOn({ kind: 'above', price: 100 }, quote())).toBe(true);
    expect(firesOn({ kind: 'above', price: 100.01 }, quote())).toBe(false);
  });

  it('fires a below alert at or below its price', () => {
    expect(firesOn({ kind: 'below', price: 100 }, quote())).toBe(true);
    expect(firesOn({ kind: 'below', price: 99.99 }, quote())).toBe(false);
  });

  it('measures the day move from the previous close, in its direction', () => {
    const up: AlertCondition = { kind: 'dayMove', percent: 2, direction: 'up' };
    const down: AlertCondition = { kind: 'dayMove', percent: 2, direction: 'down' };
    expect(firesOn(up, quote({ price: 102, previousClose: 100 }))).toBe(true);
    expect(firesOn(up, quote({ price: 101.9, previousClose: 100 }))).toBe(false);
    expect(firesOn(down, quote({ price: 102, previousClose: 100 }))).toBe(false);
    expect(firesOn(down, quote({ price: 97, previousClose: 100 }))).toBe(true);
  });

  it('fires on a new 52-week high or low only at the extreme', () => {
    expect(firesOn({ kind: 'yearHigh' }, quote({ price: 120 }))).toBe(true);
    expect(firesOn({ kind: 'yearHigh' }, quote({ price: 119 }))).toBe(false);
    expect(firesOn({ kind: 'yearLow' }, quote({ price: 80 }))).toBe(true);
    expect(firesOn({ kind: 'yearLow' }, quote({ price: 81 }))).toBe(false);
  });

  it('never fires on a closed market: the alert waits for the next session', () => {
    const closed = quote({ marketOpen: false, price: 500 });
    expect(firesOn({ kind: 'above', price: 100 }, closed)).toBe(false);
    expect(firesOn({ kind: 'yearHigh' }, closed)).toBe(false);
    expect(firesOn({ kind: 'above', price: 100 }, { ...closed, marketOpen: true })).toBe(true);
  });
});

describe('wording', () => {
  it('names the symbol, the condition and the price', () => {
    expect(describeCondition('AAPL', { kind: 'above', price: 190 })).toBe(
      'AAPL at or above 190.00',
    );
    expect(describeCondition('SAP', { kind: 'dayMove', percent: 5, direction: 'down' })).toBe(
      'SAP down 5% or more in a day',
    );
    expect(noticeOf('AAPL', { kind: 'yearLow' }, 80.5).body).toContain('traded at 80.50');
  });
});

describe('schemas', () => {
  it('takes each kind and names the field it refuses', () => {
    expect(createAlertBody.parse({ symbol: 'aapl', condition: { kind: 'yearHigh' } })).toEqual({
      symbol: 'AAPL',
      condition: { kind: 'yearHigh' },
    });
    const bad = createAlertBody.safeParse({
      symbol: 'AAPL',
      condition: { kind: 'above', price: -1 },
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['condition', 'price']);
    expect(
      createAlertBody.safeParse({ symbol: 'AAPL', condition: { kind: 'sideways' } }).success,
    ).toBe(false);
    expect(
      updateAlertBody.safeParse({ condition: { kind: 'yearLow' }, armed: true, version: 0 })
        .success,
    ).toBe(false);
  });
});
