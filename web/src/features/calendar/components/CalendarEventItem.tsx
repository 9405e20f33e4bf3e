import { eventDetails, eventTitle, type CalendarEvent } from '@core/market/calendar';

/** One event: its title, and in the list view its details (core's texts, as in the .ics). */
export function CalendarEventItem({
  event,
  detailed = false,
}: {
  readonly event: CalendarEvent;
  readonly detailed?: boolean;
}) {
  const details = eventDetails(event);
  return (
    <li className={`calendar-event calendar-event-${event.kind}`} title={details.join('\n')}>
      <span className="calendar-event-title">{eventTitle(event)}</span>
      {detailed && (
        <ul className="calendar-event-details">
          {details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
