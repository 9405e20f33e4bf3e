import { describe, expect, it } from 'vitest';
import { calendarToIcs, escapeText, foldLine, icsFileName } from './calendar-ics';
import type { CalendarEvent } from './calendar';
import { dividendEvent, splitEvent } from '../testing/calendar-events';

const octets = (line: string) => new TextEncoder().encode(line).length;

describe('iCalendar export (RFC 5545)', () => {
  it('escapes backslash, semicolon, comma and line breaks in TEXT', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines longer than 75 octets without splitting a character', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    const folded = foldLine(`SUMMARY:${'é'.repeat(100)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    // Unfolding (remove CRLF + one space) gives the line back.
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'é'.repeat(100)}`);
  });

  it('writes one all-day VEVENT per event with CRLF line endings', () => {
    const events: CalendarEvent[] = [
      dividendEvent({ symbol: 'AB,C.L', currency: 'GBP' }),
      splitEvent('ACME', '2026-12-31'),
    ];
    const ics = calendarToIcs(events, {
      now: new Date('2026-11-26T16:30:00.123Z'),
      name: 'My list; tech',
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('X-WR-CALNAME:My list\\; tech');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toContain('DTSTAMP:20261126T163000Z');
    expect(lines).toContain('DTSTART;VALUE=DATE:20261110');
    expect(lines).toContain('DTEND;VALUE=DATE:20261111');
    expect(lines).toContain('DTEND;VALUE=DATE:20270101');
    expect(lines).toContain('SUMMARY:AB\\,C.L ex-dividend 0.24 GBP');
    expect(lines).toContain('UID:dividend:AB_C.L:2026-11-10@stockscope.app');
    const description = lines.find((l) => l.startsWith('DESCRIPTION:'))!;
    expect(description).toContain('Dividend per share: 0.24 GBP\\nYield: 1.50%');
    for (const line of ics.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('names the file safely', () => {
    expect(icsFileName('My list!', '2026-11-01', '2026-11-30')).toBe(
      'stockscope-My-list-2026-11-01-2026-11-30.ics',
    );
  });
});
