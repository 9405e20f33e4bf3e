import type { CalendarEvent, CalendarRange } from '../../core/market/calendar';
import type { StockRecord, StocksRepository } from '../../lambdas/ports/stocks-repository';
import type { MarketCalendar } from '../../lambdas/ports/market-calendar';
import { RefreshingValue } from '../../lambdas/shared/refreshing-value';
import { demoCalendar } from './demo/calendar';

/** How long the whole-universe calendar is reused before it is rebuilt from the statements. */
const CALENDAR_FRESH_MS = 10 * 60_000;
/** Statement reads in flight at once while the calendar is built. */
const READ_CONCURRENCY = 16;

/**
 * The local MarketCalendar: the demo calendar (demo/calendar.ts) of the companies the stocks
 * table holds, derived from their stored quarterly statements, so the calendar agrees with what the
 * statement pages show (a curator's change included, once the copy is rebuilt). A request for a
 * few symbols reads just those; "everything" builds the whole universe's once, in the background.
 */
export function demoMarketCalendar(
  stocks: StocksRepository,
  clock: () => number = Date.now,
): MarketCalendar & { warm(): Promise<void> } {
  const eventsOf = async (record: StockRecord): Promise<CalendarEvent[]> => {
    const [income, cash] = await Promise.all([
      stocks.getStatements(record.isin, 'income'),
      stocks.getStatements(record.isin, 'cash'),
    ]);
    return demoCalendar({
      symbol: record.symbol,
      currency: record.profile.currency,
      income: income?.quarter ?? [],
      cash: cash?.quarter ?? [],
    });
  };
  const companyEvents = async (symbol: string) => {
    const record = await stocks.findBySymbol(symbol);
    return record ? eventsOf(record) : [];
  };
  const all = new RefreshingValue<CalendarEvent[]>({
    load: async () => {
      const records = await stocks.listProfiles();
      const events: CalendarEvent[] = [];
      for (let i = 0; i < records.length; i += READ_CONCURRENCY) {
        const batch = records.slice(i, i + READ_CONCURRENCY);
        for (const list of await Promise.all(batch.map(eventsOf))) events.push(...list);
      }
      return events;
    },
    freshMs: CALENDAR_FRESH_MS,
    maxStaleMs: CALENDAR_FRESH_MS * 6,
    retryAfterMs: 5_000,
  });
  const inRange =
    ({ from, to }: CalendarRange) =>
    (e: CalendarEvent) =>
      e.date >= from && e.date <= to;
  return {
    async events(range, symbols) {
      if (symbols) {
        const lists = await Promise.all(symbols.map(companyEvents));
        return lists.flat().filter(inRange(range));
      }
      return (await all.get(clock())).filter(inRange(range));
    },
    async warm() {
      await all.get(clock());
    },
  };
}
