import { addDaysTo, eventDetails, eventKey, eventTitle, type CalendarEvent } from './calendar';

/**
 * Calendar events as an iCalendar file (RFC 5545), built here so the SPA's download and any
 * server export write the same text. Each event is an all-day VEVENT whose UID is stable, so
 * importing the file again updates the events instead of duplicating them.
 */

const CRLF = '\r\n';
/** RFC 5545 §3.1: lines SHOULD NOT be longer than 75 octets, excluding the line break. */
const MAX_LINE_OCTETS = 75;

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon and comma escaped; line breaks written as \n. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const utf8 = new TextEncoder();

/**
 * RFC 5545 §3.1 folding: a line longer than 75 octets continues on the next line after CRLF and
 * one space. Counted in UTF-8 octets, and never splitting a character (a multi-byte one moves
 * whole).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8.encode(char).length;
    // Continuation lines start with the space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const basicDate = (date: string) => date.replace(/-/g, '');
/** UTC date-time in the basic format: 20261126T163000Z. */
const basicInstant = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface IcsOptions {
  /** DTSTAMP of every event: when the file was made. */
  readonly now: Date;
  /** The calendar's name (X-WR-CALNAME), e.g. the watchlist's. */
  readonly name?: string;
  /** The UIDs' domain part. */
  readonly domain?: string;
}

export const ICS_PRODUCT_ID = '-//StockScope//Calendar//EN';
export const ICS_MEDIA_TYPE = 'text/calendar;charset=utf-8';

/** The VEVENT lines of one event (unfolded). */
function eventLines(event: CalendarEvent, stamp: string, domain: string): string[] {
  const uid = eventKey(event).replace(/[^A-Za-z0-9.:-]/g, '_');
  return [
    'BEGIN:VEVENT',
    `UID:${uid}@${domain}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${basicDate(event.date)}`,
    // All-day events end (exclusively) on the next day.
    `DTEND;VALUE=DATE:${basicDate(addDaysTo(event.date, 1))}`,
    `SUMMARY:${escapeText(eventTitle(event))}`,
    `DESCRIPTION:${escapeText(eventDetails(event).join('\n'))}`,
    `CATEGORIES:${escapeText(event.kind.toUpperCase())}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/** The whole .ics file: CRLF line endings, long lines folded, text escaped. */
export function calendarToIcs(events: readonly CalendarEvent[], options: IcsOptions): string {
  const stamp = basicInstant(options.now);
  const domain = options.domain ?? 'stockscope.app';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${ICS_PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(options.name ? [`X-WR-CALNAME:${escapeText(options.name)}`] : []),
    ...events.flatMap((event) => eventLines(event, stamp, domain)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A file name for the download: letters, digits and dashes only. */
export const icsFileName = (label: string, from: string, to: string): string =>
  `${`stockscope-${label}`.replace(/[^A-Za-z0-9-]+/g, '-').replace(/-+$/, '')}-${from}-${to}.ics`;
