import { useMemo, useState } from 'react';
import { CALENDAR_FEATURE_NAME } from '@core/market/calendar';
import { calendarToIcs, icsFileName, ICS_MEDIA_TYPE } from '@core/market/calendar-ics';
import { entitlementsOf } from '@core/subscription';
import { useAuth } from '../../../lib/auth/auth-context';
import { useNow } from '../../../hooks/use-now';
import { UpgradePrompt } from '../../../components/UpgradePrompt';
import { useCalendarEvents, useWatchlists } from '../api/calendar-queries';
import {
  CALENDAR_VIEWS,
  eventsByDay,
  eventsInPeriod,
  periodLabel,
  periodRange,
  shiftCursor,
  viewRange,
  VIEW_LABELS,
  type CalendarView,
} from '../lib/calendar-view';
import { ListView, MonthView, WeekView } from './CalendarViews';
import './calendar.css';

const EVERYTHING = '';

/** Saves text as a file through a temporary link (no server round trip). */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: ICS_MEDIA_TYPE }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The Calendar tab: earnings, dividends and splits in a month, week or list view, of
 * one of the user's watchlists or of everything, and the shown events as an .ics file. Premium
 * (core's ENTITLEMENTS.calendar); self-contained, so the workspace's tab shell mounts it as is.
 */
export function CalendarPanel() {
  const { state } = useAuth();
  const now = useNow();
  const entitled = state.isAuthenticated && entitlementsOf(state.subscription, now).calendar;
  return (
    <section className="calendar-panel" aria-labelledby="calendar-title">
      <h2 id="calendar-title">Calendar</h2>
      {entitled ? (
        <Calendar today={new Date(now).toISOString().slice(0, 10)} />
      ) : (
        <UpgradePrompt reason={{ kind: 'premium-only', feature: CALENDAR_FEATURE_NAME }} />
      )}
    </section>
  );
}

function Calendar({ today }: { readonly today: string }) {
  const [view, setView] = useState<CalendarView>('month');
  const [cursor, setCursor] = useState(today);
  const [scope, setScope] = useState(EVERYTHING);
  const watchlists = useWatchlists(true);
  const list = watchlists.data?.find((w) => w.id === scope);
  const range = viewRange(view, cursor);
  const events = useCalendarEvents(range, list?.symbols);
  const shown = useMemo(
    () => (list?.symbols.length === 0 ? [] : (events.data ?? [])),
    [list, events.data],
  );
  const byDay = useMemo(() => eventsByDay(shown), [shown]);
  // What the status counts and the .ics holds: the period's events (the month grid's days of
  // the weeks around the month are drawn, not counted), one figure for Month and List.
  const counted = useMemo(() => eventsInPeriod(view, cursor, shown), [view, cursor, shown]);
  const period = periodRange(view, cursor);
  const label = periodLabel(view, cursor);
  const scopeName = list?.name ?? 'Everything';

  const exportIcs = () =>
    download(
      calendarToIcs(counted, { now: new Date(), name: `StockScope: ${scopeName}` }),
      icsFileName(scopeName, period.from, period.to),
    );

  return (
    <>
      <div className="calendar-toolbar">
        <div className="calendar-nav" role="group" aria-label="Period">
          <button type="button" onClick={() => setCursor(shiftCursor(view, cursor, -1))}>
            Previous
          </button>
          <button type="button" onClick={() => setCursor(today)}>
            Today
          </button>
          <button type="button" onClick={() => setCursor(shiftCursor(view, cursor, 1))}>
            Next
          </button>
        </div>
        <div className="calendar-views" role="group" aria-label="View">
          {CALENDAR_VIEWS.map((v) => (
            <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}>
              {VIEW_LABELS[v]}
            </button>
          ))}
        </div>
        <label className="calendar-scope">
          Show
          <select value={scope} onChange={(e) => setScope(e.target.value)}>
            <option value={EVERYTHING}>Everything</option>
            {watchlists.data?.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={exportIcs} disabled={counted.length === 0}>
          Download .ics
        </button>
      </div>
      <p className="calendar-status" role="status">
        {events.isError
          ? 'The calendar could not be loaded. Try again later.'
          : events.isFetching
            ? 'Loading events…'
            : `${counted.length} ${counted.length === 1 ? 'event' : 'events'} — ${label}, ${scopeName}`}
      </p>
      {list?.symbols.length === 0 && <p>This watchlist has no stocks yet.</p>}
      {view === 'month' && (
        <MonthView
          range={range}
          byDay={byDay}
          today={today}
          label={label}
          month={cursor.slice(0, 7)}
        />
      )}
      {view === 'week' && <WeekView range={range} byDay={byDay} today={today} label={label} />}
      {view === 'list' &&
        (shown.length === 0 && !events.isFetching ? (
          <p>No events in {label}.</p>
        ) : (
          <ListView range={range} byDay={byDay} today={today} label={label} />
        ))}
    </>
  );
}
