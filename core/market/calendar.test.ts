import { describe, expect, it } from 'vitest';
import {
  asOf,
  earningsSurprise,
  eventDetails,
  eventTitle,
  nextEarningsBySymbol,
  rangeDays,
  selectEvents,
} from './calendar';
import { dividendEvent, earningsEvent as earnings, splitEvent } from '../testing/calendar-events';

describe('calendar rules', () => {
  it('computes the surprise and its percentage of the estimate', () => {
    expect(earningsSurprise(1.2, 1)).toEqual({ surprise: 0.2, surprisePercent: 20 });
    expect(earningsSurprise(-0.5, -1)).toEqual({ surprise: 0.5, surprisePercent: 50 });
    expect(earningsSurprise(0.3, 0)).toEqual({ surprise: 0.3, surprisePercent: null });
    expect(earningsSurprise(null, 1)).toEqual({ surprise: null, surprisePercent: null });
  });

  it('hides the actual and the surprise before the report day', () => {
    const e = earnings('ACME', '2026-11-30', 1.2);
    expect(asOf(e, '2026-11-29')).toMatchObject({
      eps: null,
      surprise: null,
      surprisePercent: null,
    });
    expect(asOf(e, '2026-11-30')).toMatchObject({ eps: 1.2, surprise: 0.2 });
  });

  it('selects a range (both ends), symbols and kinds, deduplicated, in calendar order', () => {
    const split = splitEvent('ACME', '2026-11-02');
    const events = [
      split,
      earnings('ZED', '2026-11-02', 1),
      earnings('ACME', '2026-11-02', 1),
      earnings('ACME', '2026-11-02', 1),
      earnings('ACME', '2026-12-01', 1),
      earnings('BETA', '2026-10-31', 1),
    ];
    const range = { from: '2026-11-01', to: '2026-11-30' };
    const all = selectEvents(events, { range, today: '2026-11-26' });
    expect(all.map((e) => `${e.kind}:${e.symbol}`)).toEqual([
      'earnings:ACME',
      'earnings:ZED',
      'split:ACME',
    ]);
    expect(
      selectEvents(events, { range, today: '2026-11-26', symbols: ['acme'], kinds: ['split'] }),
    ).toEqual([split]);
    expect(rangeDays(range)).toBe(30);
  });

  it('titles and describes each kind', () => {
    expect(eventTitle(earnings('ACME', '2026-11-02', 1.2))).toBe('ACME earnings');
    expect(eventDetails(earnings('ACME', '2026-11-02', 1.2))).toEqual([
      'Fiscal quarter ending 2026-09-30',
      'EPS estimate: 1.00 USD',
      'EPS reported: 1.20 USD',
      'Surprise: +0.2 (+20%)',
    ]);
    const dividend = dividendEvent();
    expect(eventTitle(dividend)).toBe('ACME ex-dividend 0.24 USD');
    expect(eventDetails(dividend)).toContain('Payable: 2026-11-25');
    expect(eventTitle(splitEvent('X', '2026-01-01', 1, 10))).toBe('X 1-for-10 stock split');
  });

  it('finds each symbol’s next report from today on', () => {
    const next = nextEarningsBySymbol(
      [
        earnings('ACME', '2027-02-01', null),
        earnings('ACME', '2026-11-26', null),
        earnings('ACME', '2026-11-25', 1),
        earnings('BETA', '2026-10-01', 1),
      ],
      '2026-11-26',
    );
    expect([...next].map(([symbol, e]) => `${symbol} ${e.date}`)).toEqual(['ACME 2026-11-26']);
  });
});
