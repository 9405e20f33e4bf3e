import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changeDirection,
  formatAmount,
  formatCompact,
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPrice,
  formatShares,
  formatSigned,
  INVALID_FORMAT_UNIT_MESSAGE,
  MISSING_VALUE,
  parseIsoDate,
  type AmountUnit,
} from './format';

describe('§8/§9 number formatter (millions or billions)', () => {
  it('prints millions and billions with thousands separators and two decimals', () => {
    expect(formatAmount(1_234_567_890, 'B')).toBe('1.23');
    expect(formatAmount(1_234_567_890, 'M')).toBe('1,234.57');
    expect(formatAmount(3_456_789_000_000, 'B')).toBe('3,456.79');
    expect(formatAmount(-987_654_321, 'M')).toBe('-987.65');
    expect(formatAmount(0, 'B')).toBe('0.00');
  });

  it('rejects any other unit with the §8 text', () => {
    expect(INVALID_FORMAT_UNIT_MESSAGE).toBe(
      "Invalid format. Use 'M' for million or 'B' for billion.",
    );
    for (const unit of ['K', 'm', 'b', '', 'T']) {
      expect(() => formatAmount(1_000_000, unit as AmountUnit)).toThrow(
        new Error("Invalid format. Use 'M' for million or 'B' for billion."),
      );
    }
    expect(() => formatAmount(null, 'X' as AmountUnit)).toThrow(INVALID_FORMAT_UNIT_MESSAGE);
  });

  it('prints a dash for missing values', () => {
    for (const value of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatAmount(value, 'M')).toBe('—');
      expect(formatNumber(value)).toBe('—');
      expect(formatCompact(value)).toBe('—');
      expect(formatPercent(value)).toBe('—');
    }
    expect(MISSING_VALUE).toBe('—');
  });
});

describe('§9 numbers: thousands separators, two decimals', () => {
  it('formats plain numbers', () => {
    expect(formatNumber(1_234_567.891)).toBe('1,234,567.89');
    expect(formatNumber(0.005)).toBe('0.01');
    expect(formatNumber(-0.001)).toBe('0.00');
    expect(formatNumber(42)).toBe('42.00');
  });

  it('always has two decimals and only digit groups of three', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (value) => {
        expect(formatNumber(value)).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
      }),
    );
  });

  it('chooses M or B for market caps', () => {
    expect(formatCompact(2_345_678_901)).toBe('2.35B');
    expect(formatCompact(456_789_012)).toBe('456.79M');
    expect(formatCompact(999_999_999)).toBe('1.00B');
    expect(formatCompact(-12_500_000)).toBe('-12.50M');
    expect(formatCompact(3_000_000_000_000)).toBe('3,000.00B');
    expect(formatCompact(12_345.6)).toBe('12,345.60');
  });

  it('formats percentages, from percent or from a ratio, optionally signed', () => {
    expect(formatPercent(1.2345)).toBe('1.23%');
    expect(formatPercent(-0.5)).toBe('-0.50%');
    expect(formatPercent(0.4321, { ratio: true })).toBe('43.21%');
    expect(formatPercent(2.5, { signed: true })).toBe('+2.50%');
    expect(formatPercent(-2.5, { signed: true })).toBe('-2.50%');
    expect(formatPercent(0, { signed: true })).toBe('0.00%');
    expect(formatPercent(1234.5)).toBe('1,234.50%');
  });
});

describe('prices: enough decimals below one unit', () => {
  it('keeps up to four decimals below 1 and two from 1 up', () => {
    expect(formatPrice(0.2986)).toBe('0.2986');
    expect(formatPrice(0.05)).toBe('0.05');
    expect(formatPrice(0.12345)).toBe('0.1235');
    expect(formatPrice(1234.5)).toBe('1,234.50');
    expect(formatPrice(1.2986)).toBe('1.30');
    expect(formatPrice(null)).toBe('—');
  });

  it('never prints a positive price below 1 as fewer significant digits than its ten-thousandths', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999 }), (tenThousandths) => {
        const price = tenThousandths / 10_000;
        expect(Number(formatPrice(price))).toBeCloseTo(price, 10);
      }),
    );
  });
});

describe('share counts (volume, shares outstanding)', () => {
  it('prints whole counts below a million, millions or billions with two decimals above', () => {
    expect(formatShares(987)).toBe('987');
    expect(formatShares(414_918)).toBe('414,918');
    expect(formatShares(999_999)).toBe('999,999');
    expect(formatShares(1_234_567)).toBe('1.23M');
    expect(formatShares(4_890_000)).toBe('4.89M');
    expect(formatShares(12_345_678)).toBe('12.35M');
    expect(formatShares(1_200_000_000)).toBe('1.20B');
    expect(formatShares(98_765_432)).toBe('98.77M');
    expect(formatShares(0)).toBe('0');
    expect(formatShares(Number.NaN)).toBe('—');
    expect(formatShares(undefined)).toBe('—');
  });
});

describe("a change's sign and direction", () => {
  it('spells out the sign: + for gains, - for losses, none for what prints as zero', () => {
    expect(formatSigned(1234.5)).toBe('+1,234.50');
    expect(formatSigned(-12.346)).toBe('-12.35');
    expect(formatSigned(0)).toBe('0.00');
    expect(formatSigned(0.001)).toBe('0.00');
    expect(formatSigned(-0.001)).toBe('0.00');
    expect(formatSigned(null)).toBe('—');
  });

  it('is up for a gain, down for a loss, flat for none or a missing one', () => {
    expect(changeDirection(12.3)).toBe('up');
    expect(changeDirection(-0.01)).toBe('down');
    expect(changeDirection(0)).toBe('flat');
    expect(changeDirection(undefined)).toBe('flat');
    expect(changeDirection(Number.NaN)).toBe('flat');
  });

  it('judges on the two decimals shown: 0 and -0.001 are flat, not a gain or a loss', () => {
    expect(changeDirection(-0.001)).toBe('flat');
    expect(changeDirection(0.004)).toBe('flat');
    expect(changeDirection(-0.004)).toBe('flat');
    expect(changeDirection(0.005)).toBe('up');
    expect(changeDirection(-0.005)).toBe('down');
  });

  it('agrees with the printed sign for any value, as a change or a percent', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (value) => {
        const direction = changeDirection(value);
        const sign = direction === 'up' ? '+' : direction === 'down' ? '-' : '';
        expect(formatSigned(value).startsWith(sign)).toBe(true);
        expect(/^[+-]/.test(formatSigned(value))).toBe(direction !== 'flat');
        expect(/^[+-]/.test(formatPercent(value, { signed: true }))).toBe(direction !== 'flat');
      }),
    );
  });
});

describe('§9 dates YYYY-MM-DD', () => {
  it('formats dates, strings and epoch milliseconds in UTC', () => {
    expect(formatDate(new Date(Date.UTC(2025, 0, 2, 23, 59)))).toBe('2025-01-02');
    expect(formatDate('2024-02-29')).toBe('2024-02-29');
    expect(formatDate('2025-01-02T23:30:00-05:00')).toBe('2025-01-03');
    expect(formatDate(0)).toBe('1970-01-01');
  });

  it('throws on an invalid date', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
    expect(() => formatDate(Number.NaN)).toThrow(RangeError);
  });

  it('parses strict calendar dates only', () => {
    expect(parseIsoDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseIsoDate('0099-12-31')?.getUTCFullYear()).toBe(99);
    for (const bad of ['2025-02-29', '2025-13-01', '2025-00-10', '2025-04-31', '2025-1-2']) {
      expect(parseIsoDate(bad), bad).toBeUndefined();
    }
    for (const bad of ['2025-01-02T00:00:00Z', ' 2025-01-02', '', '20250102']) {
      expect(parseIsoDate(bad), bad).toBeUndefined();
    }
  });

  it('round-trips every day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        (date) => {
          const text = formatDate(date);
          expect(formatDate(parseIsoDate(text)!)).toBe(text);
        },
      ),
    );
  });
});

describe('moments: the date and a 24-hour time in the reader’s time zone', () => {
  it('always carries the date, the time and the zone', () => {
    const at = '2026-11-29T01:33:00Z';
    expect(formatDateTime(at, 'UTC')).toBe('2026-11-29 at 01:33 UTC');
    // In New York it is still Saturday evening: the date follows the zone.
    expect(formatDateTime(at, 'America/New_York')).toBe('2026-11-28 at 20:33 EST');
    expect(formatDateTime(new Date('2026-11-30T15:00:00Z'), 'UTC')).toBe('2026-11-30 at 15:00 UTC');
    expect(formatDateTime(Date.UTC(2026, 0, 2, 0, 5), 'UTC')).toBe('2026-01-02 at 00:05 UTC');
  });

  it('refuses an invalid moment', () => {
    expect(() => formatDateTime('not a date')).toThrow(RangeError);
  });
});

describe('money (a payment provider’s amounts in minor units)', () => {
  it('prints cents as the currency’s price', () => {
    expect(formatMoney(900, 'usd')).toBe('$9.00');
    expect(formatMoney(9000, 'USD')).toBe('$90.00');
    expect(formatMoney(123_456, 'eur')).toBe('€1,234.56');
  });

  it('counts a currency without minor unit in whole units, as the provider does', () => {
    expect(formatMoney(1200, 'jpy')).toBe('¥1,200');
  });

  it('refuses a code that is no currency', () => {
    expect(() => formatMoney(100, 'dollars')).toThrow(RangeError);
  });
});

describe('formatCount', () => {
  it('prints whole counts grouped, and the missing mark for none', () => {
    expect(formatCount(6000)).toBe('6,000');
    expect(formatCount(1)).toBe('1');
    expect(formatCount(null)).toBe(MISSING_VALUE);
  });
});
