import { describe, expect, it } from 'vitest';
import { barLines, barTime, compareLines, tooltipSentence } from './tooltip-text';

const x = new Date(2026, 10, 18, 9, 31).getTime();
const bar = { x, o: 101.5, h: 103.25, l: 100, c: 102, v: 1_234_567 };

describe('tooltip text', () => {
  it('dates bars as the exchange printed them', () => {
    expect(barTime(x, 'bar', true)).toBe('2026-11-18 09:31');
    expect(barTime(x, 'bar', false)).toBe('2026-11-18');
    expect(barTime(x, 'week', false)).toBe('Week of 2026-11-18');
    expect(barTime(x, 'month', false)).toBe('2026-11');
  });

  it('lists OHLC with two decimals and volume as a share count', () => {
    expect(barLines(bar)).toEqual([
      'Open 101.50',
      'High 103.25',
      'Low 100.00',
      'Close 102.00',
      'Volume 1.23M',
    ]);
    expect(barLines(bar, 'USD')[3]).toBe('Close 102.00 USD');
    expect(barLines({ ...bar, v: 414_918 })[4]).toBe('Volume 414,918');
    expect(barLines({ ...bar, v: Number.NaN })[4]).toBe('Volume —');
  });

  it('puts both series’ % change first when comparing', () => {
    const lines = compareLines(bar, [
      { label: 'ACME', percent: 12.345 },
      { label: 'NASDAQ', percent: -1.5 },
      { label: 'DAX', percent: undefined },
    ]);
    expect(lines.slice(0, 3)).toEqual(['ACME +12.35%', 'NASDAQ -1.50%', 'DAX —']);
    expect(lines).toHaveLength(8);
    expect(tooltipSentence('2026-11-18', ['Open 1.00', 'Close 2.00'])).toBe(
      '2026-11-18, Open 1.00, Close 2.00',
    );
  });
});
