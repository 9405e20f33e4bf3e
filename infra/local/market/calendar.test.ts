import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXCHANGES, findExchange, type Exchange } from '../../../core/market/exchanges';
import {
  countTradingDays,
  dateOfDayNumber,
  dayNumberOf,
  firstTradingDayOnOrAfter,
  formatLocalDateTime,
  isOpen,
  isTradingDay,
  lastTradingDayOnOrBefore,
  localTimeOf,
  previousTradingDay,
  sessionsOn,
  timeZoneOffsetMs,
  tradingDaysBetween,
  weekdayOf,
  yearsBefore,
  zonedTimeToUtc,
} from './calendar';

const exchange = (shortName: string): Exchange => {
  const found = findExchange(shortName);
  if (!found) throw new Error(shortName);
  return found;
};
const NASDAQ = exchange('NASDAQ');
const LSE = exchange('LSE');
const SAU = exchange('SAU');
const HKSE = exchange('HKSE');
const NSE = exchange('NSE');
const day = dayNumberOf;
const iso = (ms: number) => new Date(ms).toISOString();
const openUtc = (ex: Exchange, date: string) => sessionsOn(ex, day(date)).map((s) => iso(s.openMs));

describe('day numbers', () => {
  it('round-trips dates and knows weekdays', () => {
    expect(day('1970-01-01')).toBe(0);
    expect(dateOfDayNumber(day('2025-01-02'))).toBe('2025-01-02');
    expect(weekdayOf(day('2025-01-02'))).toBe(4); // Thursday
    expect(weekdayOf(day('1969-12-28'))).toBe(0); // Sunday, before the epoch
    expect(dateOfDayNumber(yearsBefore(day('2025-06-15'), 40))).toBe('1985-06-15');
    fc.assert(
      fc.property(fc.integer({ min: -20_000, max: 40_000 }), (n) => {
        expect(day(dateOfDayNumber(n))).toBe(n);
        expect(weekdayOf(n)).toBe(new Date(n * 86_400_000).getUTCDay());
      }),
    );
  });

  it('rejects malformed dates', () => {
    expect(() => day('2025-1-2')).toThrow(RangeError);
  });
});

describe('trading days', () => {
  it('trades Monday–Friday in New York and Sunday–Thursday in Riyadh', () => {
    // 2025-01-03 Fri, 04 Sat, 05 Sun, 06 Mon.
    const dates = ['2025-01-03', '2025-01-04', '2025-01-05', '2025-01-06'];
    expect(dates.map((d) => isTradingDay(NASDAQ, day(d)))).toEqual([true, false, false, true]);
    expect(dates.map((d) => isTradingDay(SAU, day(d)))).toEqual([false, false, true, true]);
  });

  it('finds the neighbouring trading days', () => {
    expect(dateOfDayNumber(lastTradingDayOnOrBefore(NASDAQ, day('2025-01-05')))).toBe('2025-01-03');
    expect(dateOfDayNumber(lastTradingDayOnOrBefore(NASDAQ, day('2025-01-06')))).toBe('2025-01-06');
    expect(dateOfDayNumber(firstTradingDayOnOrAfter(NASDAQ, day('2025-01-04')))).toBe('2025-01-06');
    expect(dateOfDayNumber(previousTradingDay(NASDAQ, day('2025-01-06')))).toBe('2025-01-03');
    expect(dateOfDayNumber(lastTradingDayOnOrBefore(SAU, day('2025-01-04')))).toBe('2025-01-02');
    expect(dateOfDayNumber(previousTradingDay(SAU, day('2025-01-05')))).toBe('2025-01-02');
    expect(
      tradingDaysBetween(SAU, day('2025-01-01'), day('2025-01-07')).map(dateOfDayNumber),
    ).toEqual(['2025-01-01', '2025-01-02', '2025-01-05', '2025-01-06', '2025-01-07']);
  });

  it('has no sessions on non-trading days', () => {
    expect(sessionsOn(NASDAQ, day('2025-01-04'))).toEqual([]);
    expect(sessionsOn(SAU, day('2025-01-03'))).toEqual([]);
  });

  it('counts the trading days tradingDaysBetween lists, without listing them', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...EXCHANGES),
        fc.integer({ min: day('1975-01-01'), max: day('2030-12-31') }),
        fc.integer({ min: -3, max: 20_000 }),
        (ex, from, span) => {
          expect(countTradingDays(ex, from, from + span)).toBe(
            tradingDaysBetween(ex, from, from + span).length,
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('memoises sessions without changing them', () => {
    const first = sessionsOn(HKSE, day('2025-01-02'));
    expect(sessionsOn(HKSE, day('2025-01-02'))).toBe(first);
    expect(sessionsOn({ ...HKSE }, day('2025-01-02'))).toEqual(first);
  });
});

describe('time zones', () => {
  it('opens New York at 13:30Z in summer time and 14:30Z in standard time', () => {
    // Clocks went forward on Sunday 2024-03-10 and back on Sunday 2024-11-03.
    expect(openUtc(NASDAQ, '2024-03-08')).toEqual(['2024-03-08T14:30:00.000Z']);
    expect(openUtc(NASDAQ, '2024-03-11')).toEqual(['2024-03-11T13:30:00.000Z']);
    expect(openUtc(NASDAQ, '2024-11-01')).toEqual(['2024-11-01T13:30:00.000Z']);
    expect(openUtc(NASDAQ, '2024-11-04')).toEqual(['2024-11-04T14:30:00.000Z']);
    expect(iso(sessionsOn(NASDAQ, day('2024-11-04'))[0]!.closeMs)).toBe('2024-11-04T21:00:00.000Z');
  });

  it('opens London at 08:00Z in winter and 07:00Z in British Summer Time', () => {
    // BST began Sunday 2024-03-31 and ended Sunday 2024-10-27.
    expect(openUtc(LSE, '2024-03-29')).toEqual(['2024-03-29T08:00:00.000Z']);
    expect(openUtc(LSE, '2024-04-01')).toEqual(['2024-04-01T07:00:00.000Z']);
    expect(openUtc(LSE, '2024-10-25')).toEqual(['2024-10-25T07:00:00.000Z']);
    expect(openUtc(LSE, '2024-10-28')).toEqual(['2024-10-28T08:00:00.000Z']);
    // The weeks when New York has changed and London has not: 4 h apart instead of 5.
    expect(openUtc(LSE, '2024-03-18')).toEqual(['2024-03-18T08:00:00.000Z']);
    expect(openUtc(NASDAQ, '2024-03-18')).toEqual(['2024-03-18T13:30:00.000Z']);
  });

  it('uses the rules of the year (US summer time began in April before 2007)', () => {
    expect(openUtc(NASDAQ, '2006-03-13')).toEqual(['2006-03-13T14:30:00.000Z']);
    expect(openUtc(NASDAQ, '2007-03-12')).toEqual(['2007-03-12T13:30:00.000Z']);
  });

  it('handles half-hour offsets and lunch breaks', () => {
    expect(openUtc(NSE, '2025-01-02')).toEqual(['2025-01-02T03:45:00.000Z']);
    const hk = sessionsOn(HKSE, day('2025-01-02')).map((s) => [iso(s.openMs), iso(s.closeMs)]);
    expect(hk).toEqual([
      ['2025-01-02T01:30:00.000Z', '2025-01-02T04:00:00.000Z'],
      ['2025-01-02T05:00:00.000Z', '2025-01-02T08:00:00.000Z'],
    ]);
  });

  it('resolves skipped and repeated wall times', () => {
    const ny = 'America/New_York';
    // 02:30 did not exist on 2024-03-10: read as 03:30 EDT.
    expect(iso(zonedTimeToUtc(ny, day('2024-03-10'), 150))).toBe('2024-03-10T07:30:00.000Z');
    // 01:30 happened twice on 2024-11-03: the earlier (EDT) one.
    expect(iso(zonedTimeToUtc(ny, day('2024-11-03'), 90))).toBe('2024-11-03T05:30:00.000Z');
    const london = 'Europe/London';
    expect(iso(zonedTimeToUtc(london, day('2024-03-31'), 90))).toBe('2024-03-31T01:30:00.000Z');
    expect(iso(zonedTimeToUtc(london, day('2024-10-27'), 90))).toBe('2024-10-27T00:30:00.000Z');
    expect(timeZoneOffsetMs(ny, Date.parse('2024-07-01T12:00:00Z'))).toBe(-4 * 3_600_000);
  });

  it('round-trips every wall time that exists, in every exchange time zone', () => {
    const zones = [...new Set(EXCHANGES.map((e) => e.timeZone))];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: day('1985-01-01'), max: day('2030-12-31') }),
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        (zone, d, minute) => {
          const local = localTimeOf(zone, zonedTimeToUtc(zone, d, minute));
          // Only a skipped wall time (clocks forward) may come back different, and then later.
          if (local.day !== d || local.minute !== minute) {
            expect(local.day * 1440 + local.minute).toBeGreaterThan(d * 1440 + minute);
          }
        },
      ),
    );
  });
});

describe('isOpen and local formatting', () => {
  it('is open inside sessions only, close exclusive, not in the lunch break', () => {
    const at = (s: string) => Date.parse(s);
    expect(isOpen(NASDAQ, at('2024-03-11T13:29:59Z'))).toBe(false);
    expect(isOpen(NASDAQ, at('2024-03-11T13:30:00Z'))).toBe(true);
    expect(isOpen(NASDAQ, at('2024-03-11T19:59:59Z'))).toBe(true);
    expect(isOpen(NASDAQ, at('2024-03-11T20:00:00Z'))).toBe(false);
    expect(isOpen(NASDAQ, at('2024-03-08T14:00:00Z'))).toBe(false); // 09:00 EST
    expect(isOpen(NASDAQ, new Date('2025-01-04T15:00:00Z'))).toBe(false); // Saturday
    expect(isOpen(HKSE, at('2025-01-02T03:59:00Z'))).toBe(true);
    expect(isOpen(HKSE, at('2025-01-02T04:30:00Z'))).toBe(false); // 12:30 lunch
    expect(isOpen(HKSE, at('2025-01-02T05:00:00Z'))).toBe(true);
    expect(isOpen(SAU, at('2025-01-05T08:00:00Z'))).toBe(true); // Sunday 11:00 Riyadh
    expect(isOpen(SAU, at('2025-01-03T08:00:00Z'))).toBe(false); // Friday
  });

  it('formats instants on the local wall clock', () => {
    const instant = Date.parse('2024-07-01T13:30:05Z');
    expect(formatLocalDateTime('America/New_York', instant)).toBe('2024-07-01 09:30:05');
    expect(formatLocalDateTime('Europe/London', instant)).toBe('2024-07-01 14:30:05');
    expect(formatLocalDateTime('Asia/Tokyo', new Date(instant))).toBe('2024-07-01 22:30:05');
    expect(formatLocalDateTime('Asia/Kolkata', Date.parse('2024-12-31T20:00:00Z'))).toBe(
      '2025-01-01 01:30:00',
    );
  });
});
