import type { CalendarEvent, CalendarRange } from '@core/market/calendar';
import { dayLabel, WEEKDAY_NAMES, weeksOf } from '../lib/calendar-view';
import { CalendarEventItem } from './CalendarEventItem';

interface ViewProps {
  readonly range: CalendarRange;
  readonly byDay: ReadonlyMap<string, readonly CalendarEvent[]>;
  readonly today: string;
  readonly label: string;
}

/** Events a month cell lists before "+N more" (the whole market has dozens a day). */
export const MONTH_CELL_EVENTS = 4;

const dayEvents = (
  events: readonly CalendarEvent[] | undefined,
  { detailed = false, limit = Infinity } = {},
) =>
  events && events.length > 0 ? (
    <ul className="calendar-events">
      {events.slice(0, limit).map((e) => (
        <CalendarEventItem key={`${e.kind}:${e.symbol}:${e.date}`} event={e} detailed={detailed} />
      ))}
      {events.length > limit && (
        <li className="calendar-more">+{events.length - limit} more (see the week or list)</li>
      )}
    </ul>
  ) : null;

/** The month grid: whole weeks, Monday first; days outside the month dimmed. */
export function MonthView({ range, byDay, today, label, month }: ViewProps & { month: string }) {
  return (
    <table className="calendar-month">
      <caption>{label}</caption>
      <thead>
        <tr>
          {WEEKDAY_NAMES.map((name) => (
            <th key={name} scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeksOf(range).map((week) => (
          <tr key={week[0]}>
            {week.map((day) => (
              <td
                key={day}
                className={[
                  day.slice(0, 7) === month ? '' : 'calendar-outside',
                  day === today ? 'calendar-today' : '',
                ].join(' ')}
                {...(day === today ? { 'aria-current': 'date' as const } : {})}
              >
                {/* The full date for screen readers; the grid shows the day's number. */}
                <span className="visually-hidden">{dayLabel(day)}</span>
                <span className="calendar-day-number" aria-hidden="true">
                  {Number(day.slice(8))}
                </span>
                {dayEvents(byDay.get(day), { limit: MONTH_CELL_EVENTS })}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The week: one column per day, Monday to Sunday. */
export function WeekView({ range, byDay, today, label }: ViewProps) {
  const [days = []] = weeksOf(range);
  return (
    <section className="calendar-week" aria-label={label}>
      {days.map((day) => (
        <section
          key={day}
          className={`calendar-week-day${day === today ? ' calendar-today' : ''}`}
          aria-labelledby={`calendar-day-${day}`}
        >
          <h3 id={`calendar-day-${day}`}>{dayLabel(day)}</h3>
          {dayEvents(byDay.get(day)) ?? <p className="calendar-empty-day">No events</p>}
        </section>
      ))}
    </section>
  );
}

/** The list: the days with events, each event with its details. */
export function ListView({ byDay, label }: ViewProps) {
  return (
    <section className="calendar-list" aria-label={label}>
      {[...byDay.entries()].map(([day, events]) => (
        <section key={day} aria-labelledby={`calendar-list-${day}`}>
          <h3 id={`calendar-list-${day}`}>{dayLabel(day)}</h3>
          {dayEvents(events, { detailed: true })}
        </section>
      ))}
    </section>
  );
}
