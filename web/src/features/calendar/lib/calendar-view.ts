import { addDaysTo, inRange, type CalendarEvent, type CalendarRange } from '@core/market/calendar';
import { dayNumberOf, weekdayOf } from '@core/day-numbers';

/** The calendar's three ways to show a period. */
export const CALENDAR_VIEWS = ['month', 'week', 'list'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export const VIEW_LABELS: Record<CalendarView, string> = {
  month: 'Month',
  week: 'Week',
  list: 'List',
};

/** Weeks start on Monday (ISO 8601), as most of the product's markets count them. */
export const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

const mondayOnOrBefore = (date: string) =>
  addDaysTo(date, -((weekdayOf(dayNumberOf(date)) + 6) % 7));
const firstOfMonth = (date: string) => `${date.slice(0, 8)}01`;
function lastOfMonth(date: string): string {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return addDaysTo(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`, -1);
}

/** The days a view of the period around `cursor` shows (and asks the API for). */
export function viewRange(view: CalendarView, cursor: string): CalendarRange {
  if (view === 'week') {
    const from = mondayOnOrBefore(cursor);
    return { from, to: addDaysTo(from, 6) };
  }
  if (view === 'list') return { from: firstOfMonth(cursor), to: lastOfMonth(cursor) };
  // A month grid: whole weeks from the Monday before the 1st to the Sunday after the last day.
  const from = mondayOnOrBefore(firstOfMonth(cursor));
  const last = lastOfMonth(cursor);
  return { from, to: addDaysTo(mondayOnOrBefore(last), 6) };
}

/**
 * The period a view is about: the month for the month grid and the list, the week for the week.
 * The month grid also draws the days of the weeks around it, but what it counts and exports is
 * the month's, so Month and List agree on "N events" for the same month.
 */
export function periodRange(view: CalendarView, cursor: string): CalendarRange {
  return viewRange(view === 'month' ? 'list' : view, cursor);
}

/** The events of the view's period (periodRange), in the order given. */
export const eventsInPeriod = (
  view: CalendarView,
  cursor: string,
  events: readonly CalendarEvent[],
): CalendarEvent[] => {
  const period = periodRange(view, cursor);
  return events.filter((e) => inRange(e.date, period));
};

/** The cursor one period earlier (−1) or later (+1). */
export function shiftCursor(view: CalendarView, cursor: string, direction: 1 | -1): string {
  if (view === 'week') return addDaysTo(cursor, 7 * direction);
  const [y, m] = [Number(cursor.slice(0, 4)), Number(cursor.slice(5, 7)) - 1 + direction];
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  return `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The range's days in weeks of seven (the month grid's rows). */
export function weeksOf({ from, to }: CalendarRange): string[][] {
  const weeks: string[][] = [];
  for (let day = from; day <= to; day = addDaysTo(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDaysTo(day, i)));
  }
  return weeks;
}

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const at = (date: string) => new Date(`${date}T00:00:00Z`);

/** "November 2026"; a week as "Week of 23 November 2026". */
export function periodLabel(view: CalendarView, cursor: string): string {
  if (view !== 'week') return MONTH.format(at(cursor));
  const { from } = viewRange('week', cursor);
  return `Week of ${DAY.format(at(from)).replace(/^\w+, /, '')}`;
}

/** "Thursday, November 26, 2026". */
export const dayLabel = (date: string): string => DAY.format(at(date));

/** Events by day, in the order given. */
export function eventsByDay(events: readonly CalendarEvent[]): Map<string, CalendarEvent[]> {
  const days = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    const list = days.get(event.date);
    if (list) list.push(event);
    else days.set(event.date, [event]);
  }
  return days;
}
