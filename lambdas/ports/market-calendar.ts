import type { CalendarEvent, CalendarRange } from '../../core/market/calendar';

/**
 * Port over corporate-calendar events (earnings, dividends, splits): the provider's calendar
 * endpoints in AWS, the demo universe's generated calendar locally. Sources may answer more than
 * asked (other symbols, days around the range, actuals before the report day): the service
 * selects and orders with core's selectEvents.
 */
export interface MarketCalendar {
  /** The events of the range (both ends included); of these symbols only, when given. */
  events(range: CalendarRange, symbols?: readonly string[]): Promise<CalendarEvent[]>;
}
