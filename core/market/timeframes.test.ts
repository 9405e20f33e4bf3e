import { describe, expect, it } from 'vitest';
import { CHART_RANGES } from '../constants';
import {
  chartRequest,
  isTimeframe,
  PERIOD_LABELS,
  STATEMENT_PERIODS,
  TIMEFRAMES,
  timeframeRequest,
} from './timeframes';

const NOW = new Date('2025-05-31T14:30:00Z');

describe('§3/§9 chart timeframes', () => {
  it('lists 1D, 5D, 3M, 6M, 1Y, 2Y, 5Y, ALL in order, one per §9 range', () => {
    expect(TIMEFRAMES).toEqual(['1D', '5D', '3M', '6M', '1Y', '2Y', '5Y', 'ALL']);
    expect(Object.keys(CHART_RANGES)).toEqual([...TIMEFRAMES]);
    expect(isTimeframe('5Y')).toBe(true);
    expect(isTimeframe('10Y')).toBe(false);
  });

  it('1D: 1min bars from today; 5D: 5min bars from 5 days ago', () => {
    expect(timeframeRequest('1D', NOW)).toEqual({ interval: '1min', from: '2025-05-31' });
    expect(timeframeRequest('5D', NOW)).toEqual({ interval: '5min', from: '2025-05-26' });
    expect(timeframeRequest('5D', new Date('2025-03-03T00:00:00Z')).from).toBe('2025-02-26');
  });

  it('longer ranges: daily bars from 3 and 6 months, 1, 2, 5 and 40 years ago', () => {
    expect(
      Object.fromEntries(TIMEFRAMES.slice(2).map((tf) => [tf, timeframeRequest(tf, NOW)])),
    ).toEqual({
      '3M': { interval: '1day', from: '2025-02-28' }, // 31 May − 3 months, clamped to February
      '6M': { interval: '1day', from: '2024-11-30' },
      '1Y': { interval: '1day', from: '2024-05-31' },
      '2Y': { interval: '1day', from: '2023-05-31' },
      '5Y': { interval: '1day', from: '2020-05-31' },
      ALL: { interval: '1day', from: '1985-05-31' },
    });
  });

  it('counts in UTC days and handles leap days and year boundaries', () => {
    expect(timeframeRequest('1D', new Date('2025-01-01T23:59:59Z')).from).toBe('2025-01-01');
    expect(timeframeRequest('1Y', new Date('2024-02-29T12:00:00Z')).from).toBe('2023-02-28');
    expect(timeframeRequest('3M', new Date('2025-01-15T00:00:00Z')).from).toBe('2024-10-15');
    expect(timeframeRequest('5D', new Date('2025-01-02T00:00:00Z')).from).toBe('2024-12-28');
  });
});

describe('§7 chart calls', () => {
  it('uses /stocks/chart/{symbol} (intraday) with day and from for intraday timeframes', () => {
    expect(chartRequest('ACME', '1D', NOW)).toEqual({
      endpoint: 'intraday',
      params: { symbol: 'ACME' },
      query: { day: '1min', from: '2025-05-31' },
    });
    expect(chartRequest('^IXIC', '5D', NOW)).toMatchObject({
      endpoint: 'intraday',
      query: { day: '5min' },
    });
  });

  it('uses /stocks/chart/{symbol}/months-years (daily) with from for the others', () => {
    expect(chartRequest('ACME', 'ALL', NOW)).toEqual({
      endpoint: 'daily',
      params: { symbol: 'ACME' },
      query: { from: '1985-05-31' },
    });
  });
});

describe('§3 period labels', () => {
  it('labels annual Annual and quarter Quarterly', () => {
    expect(PERIOD_LABELS).toEqual({ annual: 'Annual', quarter: 'Quarterly' });
    expect(STATEMENT_PERIODS.map((p) => PERIOD_LABELS[p])).toEqual(['Annual', 'Quarterly']);
  });
});
