import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Invalid } from '../domain-errors';
import { ledgerOf, marketValue, replayLedger, unrealizedGain, type Holding } from './holdings';
import type { Transaction } from './transactions';

const buy = (
  date: string,
  quantity: number,
  price: number,
  fees = 0,
  symbol = 'ABC',
): Transaction => ({
  type: 'buy',
  id: `b-${date}-${quantity}`,
  date,
  symbol,
  quantity,
  price,
  fees,
  currency: 'USD',
});
const sell = (
  date: string,
  quantity: number,
  price: number,
  fees = 0,
  symbol = 'ABC',
): Transaction => ({
  ...(buy(date, quantity, price, fees, symbol) as Extract<Transaction, { type: 'buy' }>),
  type: 'sell',
  id: `s-${date}-${quantity}`,
});
const split = (date: string, ratio: number, symbol = 'ABC'): Transaction => ({
  type: 'split',
  id: `x-${date}`,
  date,
  symbol,
  ratio,
});
const only = (transactions: readonly Transaction[]): Holding => {
  const [holding] = ledgerOf(transactions).holdings;
  if (!holding) throw new Error('no holding');
  return holding;
};

describe('holdings — worked example', () => {
  // Buy 10 at 100 with a 10 fee (101 a share), buy 10 at 120, sell 15 at 130 with a 5 fee.
  const transactions = [
    buy('2024-01-02', 10, 100, 10),
    buy('2024-02-01', 10, 120),
    sell('2024-03-01', 15, 130, 5),
  ];

  it('sells the oldest lots first: realized 1945 − (10 × 101 + 5 × 120) = 335', () => {
    const h = only(transactions);
    expect(h.quantity).toBe(5);
    expect(h.lots).toEqual([{ date: '2024-02-01', quantity: 5, costPerShare: 120 }]);
    expect(h.costBasis).toBe(600);
    expect(h.realizedGain).toBe(335);
  });

  it('keeps the average cost (1010 + 1200) / 20 = 110.5 through the sale', () => {
    expect(only(transactions).averageCost).toBe(110.5);
    expect(only(transactions.slice(0, 1)).averageCost).toBe(101);
  });

  it('values what is held: at 140, 700 worth, 100 unrealized', () => {
    const h = only(transactions);
    expect(marketValue(h, 140)).toBe(700);
    expect(unrealizedGain(h, 140)).toBe(100);
  });

  it('keeps cash per currency: deposits, sales and dividends less buys, fees and withdrawals', () => {
    const { cash } = ledgerOf([
      { type: 'deposit', id: 'p', date: '2024-01-01', amount: 5000, currency: 'USD' },
      ...transactions,
      {
        type: 'dividend',
        id: 'd',
        date: '2024-03-15',
        symbol: 'ABC',
        amount: 4,
        taxWithheld: 1,
        currency: 'USD',
      },
      { type: 'fee', id: 'f', date: '2024-03-20', amount: 3, currency: 'USD' },
      { type: 'withdrawal', id: 'w', date: '2024-04-01', amount: 100, currency: 'USD' },
      { type: 'deposit', id: 'e', date: '2024-04-01', amount: 50, currency: 'EUR' },
    ]);
    // 5000 − 1010 − 1200 + 1945 + 4 − 3 − 100
    expect(cash).toEqual({ USD: 4636, EUR: 50 });
  });

  it('a 4-for-1 split multiplies shares, divides cost per share and leaves the cost basis', () => {
    const h = only([...transactions, split('2024-04-01', 4)]);
    expect(h.quantity).toBe(20);
    expect(h.lots).toEqual([{ date: '2024-02-01', quantity: 20, costPerShare: 30 }]);
    expect(h.costBasis).toBe(600);
    expect(h.averageCost).toBeCloseTo(27.625, 12);
  });

  it('closes a position sold out entirely (3 bought for 30, 1-for-3, 1 sold for 12: −18)', () => {
    const h = only([
      buy('2024-01-02', 3, 10),
      split('2024-01-03', 1 / 3),
      sell('2024-01-04', 1, 12),
    ]);
    expect(h).toMatchObject({
      quantity: 0,
      lots: [],
      averageCost: null,
      costBasis: 0,
      realizedGain: -18,
    });
  });
});

describe('holdings — transactions the ledger cannot take', () => {
  it('reports every oversold or wrong-currency row with its index and field, and skips it', () => {
    const { ledger, problems } = replayLedger([
      sell('2024-01-01', 1, 10),
      buy('2024-01-02', 5, 10),
      { ...(buy('2024-01-03', 1, 10) as Extract<Transaction, { type: 'buy' }>), currency: 'EUR' },
      sell('2024-01-04', 6, 10),
    ]);
    expect(problems).toEqual([
      {
        index: 0,
        field: 'quantity',
        message: 'sells 1 shares of ABC but 0 are held on 2024-01-01',
      },
      {
        index: 2,
        field: 'currency',
        message: "currency must be USD, like ABC's other transactions",
      },
      {
        index: 3,
        field: 'quantity',
        message: 'sells 6 shares of ABC but 5 are held on 2024-01-04',
      },
    ]);
    expect(ledger.holdings[0]?.quantity).toBe(5);
  });

  it('ledgerOf throws Invalid naming the first one', () => {
    expect(() => ledgerOf([buy('2024-01-02', 5, 10), sell('2024-01-01', 1, 10)])).toThrowError(
      new Invalid('sells 1 shares of ABC but 0 are held on 2024-01-01', 'transactions.1.quantity'),
    );
  });
});

/** Random valid trades of one symbol: integer shares, prices in cents. */
const tradesArb = fc
  .array(
    fc.record({
      sell: fc.boolean(),
      fraction: fc.double({ min: 0, max: 1, noNaN: true }),
      quantity: fc.integer({ min: 1, max: 500 }),
      cents: fc.integer({ min: 1, max: 100_000 }),
      feeCents: fc.integer({ min: 0, max: 2_000 }),
    }),
    { minLength: 1, maxLength: 30 },
  )
  .map((steps) => {
    let held = 0;
    const trades: Transaction[] = [];
    steps.forEach((s, i) => {
      const date = `2024-01-${String(i + 1).padStart(2, '0')}`;
      const price = s.cents / 100;
      const fees = s.feeCents / 100;
      if (s.sell && held > 0) {
        const quantity = Math.max(1, Math.floor(s.fraction * held));
        trades.push(sell(date, quantity, price, fees));
        held -= quantity;
      } else {
        trades.push(buy(date, s.quantity, price, fees));
        held += s.quantity;
      }
    });
    return trades;
  });

describe('holdings — properties', () => {
  it('FIFO realized + unrealized = total gain (value + net proceeds − what the buys cost)', () => {
    fc.assert(
      fc.property(tradesArb, fc.integer({ min: 1, max: 100_000 }), (trades, cents) => {
        const price = cents / 100;
        const h = only(trades);
        let paid = 0;
        let received = 0;
        for (const t of trades) {
          if (t.type === 'buy') paid += t.quantity * t.price + t.fees;
          if (t.type === 'sell') received += t.quantity * t.price - t.fees;
        }
        const total = marketValue(h, price) + received - paid;
        expect(h.realizedGain + unrealizedGain(h, price)).toBeCloseTo(total, 6);
      }),
    );
  });

  it('a split changes no value, cost or gain', () => {
    fc.assert(
      fc.property(
        tradesArb,
        fc.nat(),
        fc.constantFrom(2, 3, 4, 10, 0.5, 0.1),
        fc.integer({ min: 1, max: 100_000 }),
        (trades, at, ratio, cents) => {
          const m = at % (trades.length + 1);
          // The same trades with a split before trade m: later trades in post-split shares.
          const withSplit: Transaction[] = [
            ...trades.slice(0, m),
            split(m === 0 ? '2023-12-31' : `${trades[m - 1]!.date}`, ratio),
            ...trades
              .slice(m)
              .map((t) =>
                t.type === 'buy' || t.type === 'sell'
                  ? { ...t, quantity: t.quantity * ratio, price: t.price / ratio }
                  : t,
              ),
          ];
          const price = cents / 100;
          const before = only(trades);
          const after = only(withSplit);
          expect(after.quantity).toBeCloseTo(before.quantity * ratio, 6);
          expect(after.costBasis).toBeCloseTo(before.costBasis, 6);
          expect(after.realizedGain).toBeCloseTo(before.realizedGain, 6);
          expect(marketValue(after, price / ratio)).toBeCloseTo(marketValue(before, price), 6);
          expect(unrealizedGain(after, price / ratio)).toBeCloseTo(
            unrealizedGain(before, price),
            6,
          );
        },
      ),
    );
  });
});
