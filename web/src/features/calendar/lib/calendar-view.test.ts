import { describe, expect, it } from 'vitest';
import { splitEvent as split } from '@core/testing/calendar-events';
import {
  eventsInPeriod,
  periodLabel,
  periodRange,
  shiftCursor,
  viewRange,
  weeksOf,
} from './calendar-view';

describe('calendar views', () => {
  it('shows whole weeks, Monday to Sunday, around a month', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    expect(viewRange('month', '2026-11-26')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(weeksOf(viewRange('month', '2026-11-26'))).toHaveLength(6);
    expect(viewRange('week', '2026-11-26')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(viewRange('week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(viewRange('list', '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(viewRange('list', '2026-12-10')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('moves by a month or a week, across years', () => {
    expect(shiftCursor('month', '2026-12-15', 1)).toBe('2027-01-01');
    expect(shiftCursor('list', '2026-01-31', -1)).toBe('2025-12-01');
    expect(shiftCursor('week', '2026-12-29', 1)).toBe('2027-01-05');
  });

  it('labels the period', () => {
    expect(periodLabel('month', '2026-11-26')).toBe('November 2026');
    expect(periodLabel('week', '2026-11-26')).toBe('Week of November 23, 2026');
  });

  it('counts the month for the month grid and the list, the week for the week', () => {
    expect(periodRange('month', '2026-11-26')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodRange('list', '2026-11-26')).toEqual(periodRange('month', '2026-11-26'));
    expect(periodRange('week', '2026-11-26')).toEqual(viewRange('week', '2026-11-26'));
    const events = [split('A', '2026-10-30'), split('B', '2026-11-01'), split('C', '2026-12-06')];
    expect(eventsInPeriod('month', '2026-11-26', events).map((e) => e.symbol)).toEqual(['B']);
  });
});
