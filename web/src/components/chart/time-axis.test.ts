import { describe, expect, it } from 'vitest';
import { axisUnit, boundaryTicks, periodOf } from './time-axis';

const DAY = 86_400_000;
const at = (d: number, h: number, m: number) => ({ value: new Date(2026, 10, d, h, m).getTime() });

describe('time axis', () => {
  it('picks a label unit from the span shown', () => {
    expect(axisUnit(6.5 * 3_600_000)).toBe('hour');
    expect(axisUnit(7 * DAY)).toBe('day');
    expect(axisUnit(92 * DAY)).toBe('week');
    expect(axisUnit(2 * 365 * DAY)).toBe('month');
    expect(axisUnit(40 * 365 * DAY)).toBe('year');
  });

  it('keeps the first tick of each hour or session', () => {
    const minutes = [at(18, 9, 30), at(18, 9, 31), at(18, 9, 59), at(18, 10, 0), at(18, 10, 1)];
    expect(boundaryTicks(minutes, 'hour')).toEqual([minutes[0], minutes[3]]);
    const sessions = [at(17, 9, 30), at(17, 15, 55), at(18, 9, 30), at(18, 12, 0)];
    expect(boundaryTicks(sessions, 'day')).toEqual([sessions[0], sessions[2]]);
  });

  it('groups weeks from Monday, months and years', () => {
    // 22 November 2026 is a Sunday, 23 a Monday.
    expect(periodOf(at(22, 12, 0).value, 'week')).toBe(new Date(2026, 10, 16).getTime());
    expect(periodOf(at(23, 12, 0).value, 'week')).toBe(new Date(2026, 10, 23).getTime());
    expect(periodOf(at(23, 12, 0).value, 'month')).toBe(2026 * 12 + 10);
    expect(periodOf(at(23, 12, 0).value, 'year')).toBe(2026);
  });
});
