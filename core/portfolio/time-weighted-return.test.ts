import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateOfDayNumber, dayNumberOf } from '../day-numbers';
import { DEMO_PER_USD } from '../market/fx';
import { timeWeightedReturn } from './time-weighted-return';
import type { Transaction } from './transactions';
import { valueSeries, type ValuePoint } from './value-series';

const dayOf = (i: number) => dateOfDayNumber(dayNumberOf('2024-01-01') + i);
const point = (value: number, inflow = 0, outflow = 0): ValuePoint => ({
  date: '2024-01-01',
  value,
  inflow,
  outflow,
  dividends: 0,
});

describe('timeWeightedReturn — worked example', () => {
  it('chains each day with its flows taken out', () => {
    // Day 1: 1000 → 1100 (+10 %). Day 2: 500 put in, worth 1680 at the close: 1680 / 1600 (+5 %).
    // Day 3: 200 taken out, worth 1512: (1512 + 200) / 1680. Day 4: a 20 dividend, worth 1512.
    const growth = 1.1 * 1.05 * (1712 / 1680) * (1532 / 1512);
    expect(
      timeWeightedReturn([
        point(1000),
        point(1100),
        point(1680, 500),
        point(1512, 0, 200),
        point(1512, 0, 20),
      ]),
    ).toBeCloseTo(growth - 1, 12);
  });

  it('skips days with nothing at work; null when there are none', () => {
    expect(timeWeightedReturn([point(0), point(0), point(110, 100), point(121)])).toBeCloseTo(
      0.21,
      12,
    );
    expect(timeWeightedReturn([point(0), point(0)])).toBeNull();
    expect(timeWeightedReturn([point(100)])).toBeNull();
  });
});

const trade = (
  type: 'buy' | 'sell',
  day: number,
  quantity: number,
  price: number,
  symbol: string,
): Transaction => ({
  type,
  id: `${type}-${day}-${symbol}`,
  date: dayOf(day),
  symbol,
  quantity,
  price,
  fees: 0,
  currency: 'USD',
});

/** Prices in cents, a random walk per symbol. */
const closesArb = (days: number) =>
  fc
    .array(fc.integer({ min: 100, max: 100_000 }), { minLength: days, maxLength: days })
    .map((c) => c.map((x) => x / 100));

describe('timeWeightedReturn — properties', () => {
  it('without cash flows equals the price return', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 60 }).chain((days) =>
          fc.tuple(
            fc.constant(days),
            fc.array(fc.tuple(closesArb(days), fc.integer({ min: 1, max: 1000 })), {
              minLength: 1,
              maxLength: 5,
            }),
          ),
        ),
        ([days, stocks]) => {
          const symbols = stocks.map((_, i) => `S${i}`);
          const transactions = stocks.map(([closes, quantity], i) =>
            trade('buy', 0, quantity, closes[0]!, symbols[i]!),
          );
          const points = valueSeries({
            transactions,
            dates: Array.from({ length: days }, (_, i) => dayOf(i)),
            currency: 'USD',
            closeOf: (symbol, date) =>
              stocks[Number(symbol.slice(1))]![0][dayNumberOf(date) - dayNumberOf(dayOf(0))],
            ratesOn: () => DEMO_PER_USD,
          });
          const value = (i: number) => stocks.reduce((sum, [closes, q]) => sum + q * closes[i]!, 0);
          // From the close of the buying day, nothing goes in or out.
          expect(timeWeightedReturn(points)).toBeCloseTo(value(days - 1) / value(0) - 1, 9);
          // One stock alone: its own price return.
          const [closes] = stocks[0]!;
          const single = valueSeries({
            transactions: transactions.slice(0, 1),
            dates: points.map((p) => p.date),
            currency: 'EUR',
            closeOf: (_, date) => closes[dayNumberOf(date) - dayNumberOf(dayOf(0))],
            ratesOn: () => DEMO_PER_USD,
          });
          expect(timeWeightedReturn(single)).toBeCloseTo(closes[days - 1]! / closes[0]! - 1, 9);
        },
      ),
    );
  });

  it("is the stock's price return whatever is bought (at the eve's close) or sold (at the close) meanwhile", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 40 }).chain((days) =>
          fc.tuple(
            closesArb(days),
            fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 50 })), {
              minLength: days,
              maxLength: days,
            }),
          ),
        ),
        ([closes, moves]) => {
          const days = closes.length;
          const transactions: Transaction[] = [trade('buy', 0, 100, closes[0]!, 'ABC')];
          let held = 100;
          for (let day = 1; day < days; day++) {
            const [sells, quantity] = moves[day]!;
            if (sells && quantity < held) {
              transactions.push(trade('sell', day, quantity, closes[day]!, 'ABC'));
              held -= quantity;
            } else if (!sells) {
              transactions.push(trade('buy', day, quantity, closes[day - 1]!, 'ABC'));
              held += quantity;
            }
          }
          const points = valueSeries({
            transactions,
            dates: closes.map((_, i) => dayOf(i)),
            currency: 'USD',
            closeOf: (_, date) => closes[dayNumberOf(date) - dayNumberOf(dayOf(0))],
            ratesOn: () => DEMO_PER_USD,
          });
          expect(timeWeightedReturn(points)).toBeCloseTo(closes[days - 1]! / closes[0]! - 1, 9);
        },
      ),
    );
  });
});

describe('valueSeries', () => {
  const closes: Record<string, number> = {
    '2024-01-01': 100,
    '2024-01-02': 110,
    '2024-01-03': 27.5,
    '2024-01-05': 30,
  };
  const base = {
    dates: ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'],
    currency: 'EUR' as const,
    closeOf: (_: string, date: string) => closes[date],
    ratesOn: () => DEMO_PER_USD,
  };

  it('values in the portfolio currency, keeps the last close, and a split changes no value', () => {
    const points = valueSeries({
      ...base,
      transactions: [
        trade('buy', 0, 10, 100, 'ABC'),
        { type: 'split', id: 'x', date: '2024-01-03', symbol: 'ABC', ratio: 4 },
        {
          type: 'dividend',
          id: 'd',
          date: '2024-01-05',
          symbol: 'ABC',
          amount: 10,
          taxWithheld: 0,
          currency: 'USD',
        },
        { type: 'deposit', id: 'p', date: '2024-01-05', amount: 1000, currency: 'USD' },
      ],
    });
    const eur = (usd: number) => usd * DEMO_PER_USD.EUR;
    expect(points.map((p) => p.value)).toEqual(
      [eur(1000), eur(1100), eur(1100), eur(1100), eur(1200)].map((v) => expect.closeTo(v, 9)),
    );
    expect(points[0]).toMatchObject({ inflow: expect.closeTo(eur(1000), 9), outflow: 0 });
    // The deposit is uninvested cash: not a flow of the holdings. The dividend is taken out.
    expect(points[4]).toMatchObject({
      inflow: 0,
      outflow: expect.closeTo(eur(10), 9),
      dividends: expect.closeTo(eur(10), 9),
    });
  });

  it('a split on a day without a close changes no value (the last price is a pre-split one)', () => {
    const points = valueSeries({
      ...base,
      currency: 'USD',
      dates: ['2024-01-01', '2024-01-04'],
      transactions: [
        trade('buy', 0, 10, 100, 'ABC'),
        { type: 'split', id: 'x', date: '2024-01-04', symbol: 'ABC', ratio: 2 },
      ],
    });
    expect(points.map((p) => p.value)).toEqual([1000, 1000]);
    expect(timeWeightedReturn(points)).toBe(0);
  });

  it('counts a weekend transaction on the next day valued', () => {
    const points = valueSeries({
      ...base,
      dates: ['2024-01-01', '2024-01-05'],
      transactions: [trade('buy', 2, 1, 27.5, 'ABC')],
    });
    expect(points.map((p) => p.inflow)).toEqual([0, expect.closeTo(27.5 * DEMO_PER_USD.EUR, 9)]);
  });
});
